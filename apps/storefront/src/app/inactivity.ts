import { useEffect, useState } from "react";

/** SPEC §9: the pause screen appears after this long without the guest touching anything. */
export const INACTIVITY_PAUSE_MS = 120_000;

/**
 * What counts as the guest being there. SPEC §2 names mouse moves and key presses; a phone has no
 * mouse, so touches (pointerdown) and scrolling count too.
 */
const ACTIVITY_EVENTS = ["mousemove", "pointerdown", "keydown", "scroll", "wheel"] as const;

type EventTarget = Pick<Window, "addEventListener" | "removeEventListener">;
type Timers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };

/**
 * Calls `onIdle` once `timeoutMs` pass without activity; any activity restarts the wait. Returns the
 * unsubscribe.
 */
export function watchInactivity(
  target: EventTarget,
  timeoutMs: number,
  onIdle: () => void,
  timers: Timers = globalThis,
): () => void {
  let timer = timers.setTimeout(onIdle, timeoutMs);
  const restart = () => {
    timers.clearTimeout(timer);
    timer = timers.setTimeout(onIdle, timeoutMs);
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, restart, { passive: true });
  return () => {
    timers.clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, restart);
  };
}

/** Whether the guest has been away long enough for the pause screen; `resume()` hides it again. */
export function useInactivityPause(enabled: boolean, timeoutMs = INACTIVITY_PAUSE_MS) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (!enabled || paused) return;
    return watchInactivity(window, timeoutMs, () => setPaused(true));
  }, [enabled, paused, timeoutMs]);
  return { paused: paused && enabled, resume: () => setPaused(false) };
}

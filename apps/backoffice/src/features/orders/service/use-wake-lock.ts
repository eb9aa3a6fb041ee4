import { useCallback, useEffect, useRef, useState } from "react";

/** held: the screen stays on; lost: the browser let go (the tab was hidden); unsupported/refused: it may sleep. */
export type WakeLockState = "off" | "held" | "lost" | "unsupported" | "refused";

/**
 * A Screen Wake Lock while service runs (https://w3c.github.io/screen-wake-lock/). The browser releases it
 * whenever the tab is hidden, so it is asked for again each time the tab becomes visible.
 */
export function useWakeLock(wanted: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>("off");
  const sentinel = useRef<WakeLockSentinel | null>(null);

  const request = useCallback(async () => {
    if (!("wakeLock" in navigator)) return setState("unsupported");
    try {
      const lock = await navigator.wakeLock.request("screen");
      sentinel.current = lock;
      setState("held");
      lock.addEventListener("release", () => {
        if (sentinel.current === lock) setState("lost");
      });
    } catch {
      setState("refused");
    }
  }, []);

  useEffect(() => {
    if (!wanted) return;
    void request();
    const onVisible = () => {
      if (document.visibilityState === "visible") void request();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      const lock = sentinel.current;
      sentinel.current = null;
      void lock?.release().catch(() => undefined);
      setState("off");
    };
  }, [wanted, request]);
  return state;
}

/**
 * The service's sounds through two <audio> elements of the page (files of our own build: the CSP allows media
 * from the server only). Browsers refuse to play sound before the page is touched, so nothing plays until
 * *Start service*: that tap plays each element once, muted, which also unlocks them on Safari.
 *
 * The new-order alert rings while any order is unseen (new and not opened by anyone), at once and then every
 * 10 s. It stops when the queue no longer has such an order — which the order.opened/accepted/rejected events of
 * any screen bring — so it stops everywhere. A timer repeats it: a page that plays sound is not throttled in the
 * background, and what is shown never depends on this timer (the event stream keeps the queue).
 */
import { useCallback, useEffect, useRef, useState } from "react";

export const ALERT_REPEAT_MS = 10_000;

export type Sounds = {
  armed: boolean;
  /** The tap of Start service; false when the browser still refused (then the red banner stays). */
  arm: () => Promise<boolean>;
  playRejected: () => void;
  newOrderRef: React.RefObject<HTMLAudioElement | null>;
  rejectedRef: React.RefObject<HTMLAudioElement | null>;
};

export function useAlertSounds(unseenOrderIds: string[]): Sounds {
  const [armed, setArmed] = useState(false);
  const newOrderRef = useRef<HTMLAudioElement>(null);
  const rejectedRef = useRef<HTMLAudioElement>(null);

  const arm = useCallback(async () => {
    const unlocked = await Promise.all([newOrderRef.current, rejectedRef.current].map(unlock));
    const ok = unlocked.every(Boolean);
    setArmed(ok);
    return ok;
  }, []);

  const ringing = armed && unseenOrderIds.length > 0;
  useEffect(() => {
    const audio = newOrderRef.current;
    if (!ringing || !audio) return;
    play(audio);
    const repeat = setInterval(() => play(audio), ALERT_REPEAT_MS);
    return () => {
      clearInterval(repeat);
      audio.pause();
      audio.currentTime = 0;
    };
  }, [ringing]);

  // A newly arrived unseen order rings at once, even in the middle of another's 10 s.
  const heard = useRef(new Set<string>());
  const ids = unseenOrderIds.join(",");
  useEffect(() => {
    const current = ids ? ids.split(",") : [];
    const fresh = current.some((id) => !heard.current.has(id));
    const wasRinging = heard.current.size > 0;
    heard.current = new Set(current);
    if (fresh && wasRinging && armed && newOrderRef.current) play(newOrderRef.current);
  }, [ids, armed]);

  const playRejected = useCallback(() => {
    if (armed && rejectedRef.current) play(rejectedRef.current);
  }, [armed]);

  return { armed, arm, playRejected, newOrderRef, rejectedRef };
}

function play(audio: HTMLAudioElement): void {
  audio.currentTime = 0;
  audio.dataset.plays = String(Number(audio.dataset.plays ?? 0) + 1);
  void audio.play().catch(() => undefined);
}

async function unlock(audio: HTMLAudioElement | null): Promise<boolean> {
  if (!audio) return false;
  audio.muted = true;
  try {
    await audio.play();
    audio.pause();
    audio.currentTime = 0;
    return true;
  } catch {
    return false;
  } finally {
    audio.muted = false;
  }
}

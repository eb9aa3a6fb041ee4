import { useEffect, useState } from "react";

/**
 * The screen's clock, renewed every `everyMs`: countdowns and "back at" times move on without a request. A tab in
 * the background may tick more slowly; it shows the right time again the moment it is visible.
 */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = setInterval(tick, everyMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [everyMs]);
  return now;
}

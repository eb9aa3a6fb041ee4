/**
 * A fixed-window request counter per key (the client's IP), in process memory. Enough for a report
 * endpoint: it keeps one client's render loop or a script from filling the log, not a distributed
 * attacker (each process counts on its own). A window starts at a key's first request; its count
 * resets once `windowMs` has passed. At most `maxKeys` keys are tracked: a new key evicts the one whose
 * window started longest ago, so memory stays bounded whatever the number of addresses.
 */
export type RateLimit = { limit: number; windowMs: number; maxKeys: number };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request of `key`, and says whether it is within the limit. */
  take: (key: string) => RateDecision;
  /** How many keys are tracked now. */
  size: () => number;
};

type Window = { startMs: number; count: number };

export function createRateLimiter({ limit, windowMs, maxKeys }: RateLimit, now: () => Date): RateLimiter {
  // A Map iterates in insertion order, and a key is (re)inserted when its window starts: the first
  // entry is always the window started longest ago.
  const windows = new Map<string, Window>();

  function startWindow(key: string, nowMs: number): Window {
    windows.delete(key);
    if (windows.size >= maxKeys) {
      const oldest = windows.keys().next();
      if (!oldest.done) windows.delete(oldest.value);
    }
    const window = { startMs: nowMs, count: 0 };
    windows.set(key, window);
    return window;
  }

  return {
    take(key) {
      const nowMs = now().getTime();
      let window = windows.get(key);
      // A clock that went back starts afresh too, rather than locking the key out for longer.
      if (!window || nowMs - window.startMs >= windowMs || nowMs < window.startMs) window = startWindow(key, nowMs);
      if (window.count >= limit) {
        const leftMs = window.startMs + windowMs - nowMs;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
      }
      window.count += 1;
      return { allowed: true };
    },
    size: () => windows.size,
  };
}

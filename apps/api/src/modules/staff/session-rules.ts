/**
 * How long a back-office session lives (OWASP ASVS 5.0 V7.3): 12 hours without use, 7 days in all, whatever
 * the use. A session's last use is written at most every few minutes, so reading a screen does not write
 * on every request; idle expiry is therefore exact to within that step.
 */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const LAST_SEEN_STEP_MS = 5 * 60 * 1000;

export type SessionTimes = { createdAt: Date; lastSeenAt: Date };

export function sessionAlive(session: SessionTimes, now: Date): boolean {
  const at = now.getTime();
  return at - session.lastSeenAt.getTime() < IDLE_TIMEOUT_MS && at - session.createdAt.getTime() < ABSOLUTE_TIMEOUT_MS;
}

/** Whether this use should move the session's last use forward (at most once a step). */
export function shouldTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS;
}

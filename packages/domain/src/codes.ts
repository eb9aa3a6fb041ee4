/**
 * Discount and gift-card codes are matched ignoring case and surrounding space: they are stored
 * upper-case, and every lookup normalizes what the guest typed the same way.
 */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

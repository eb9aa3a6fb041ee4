/**
 * What may be said of a Stripe secret key without saying the key: its mode (from its prefix) and a hint of its
 * prefix and last four characters, as Stripe's own dashboard shows keys (https://docs.stripe.com/keys).
 */
import { createHash } from "node:crypto";
import type { PaymentMode } from "@app/contracts";

const PREFIX = /^(sk|rk)_(test|live)_/;

/** sk_test_/rk_test_ → test (never moves money), sk_live_/rk_live_ → live. Only for keys the contract accepted. */
export function modeOfKey(secretKey: string): PaymentMode {
  const match = PREFIX.exec(secretKey);
  if (!match) throw new Error("Not a Stripe secret key");
  return match[2] === "live" ? "live" : "test";
}

/** "sk_test_…4242": the prefix and the last four characters only. */
export function hintOfKey(secretKey: string): string {
  const match = PREFIX.exec(secretKey);
  if (!match) throw new Error("Not a Stripe secret key");
  return `${match[0]}…${secretKey.slice(-4)}`;
}

/**
 * Which key took a payment, without the key: the first 16 hex digits of its SHA-256. A key is a long random
 * string, so this cannot be turned back into it; it tells an earlier key of the account from the current one.
 */
export function fingerprintOfKey(secretKey: string): string {
  return createHash("sha256").update(secretKey).digest("hex").slice(0, 16);
}

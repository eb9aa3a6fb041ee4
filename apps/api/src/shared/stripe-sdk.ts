/**
 * One Stripe SDK client for a secret key, as every caller of Stripe here makes it: the payment provider (one per
 * organisation's key) and the payment account's save (which asks Stripe whose key it is). Pinned to the API
 * version the SDK was built for, no telemetry, and sent to STRIPE_API_URL instead of api.stripe.com when set (a
 * local fake in tests).
 */
import Stripe from "stripe";

export type StripeSdkOptions = {
  /** STRIPE_API_URL: where calls go instead of https://api.stripe.com (a local fake in tests). */
  apiUrl?: string;
  /** How long one call may take. */
  timeoutMs: number;
  /** The SDK's own retries of a call that failed on the network or with a 5xx (with the same Idempotency-Key). */
  maxNetworkRetries: number;
};

export function createStripeSdk(secretKey: string, options: StripeSdkOptions): Stripe {
  const address = options.apiUrl ? new URL(options.apiUrl) : undefined;
  return new Stripe(secretKey, {
    // Pinned to the version this SDK was built for: its types describe exactly that version's objects.
    apiVersion: Stripe.API_VERSION,
    timeout: options.timeoutMs,
    maxNetworkRetries: options.maxNetworkRetries,
    telemetry: false,
    ...(address && {
      host: address.hostname,
      port: address.port || (address.protocol === "https:" ? 443 : 80),
      protocol: address.protocol === "https:" ? "https" : "http",
    }),
  });
}

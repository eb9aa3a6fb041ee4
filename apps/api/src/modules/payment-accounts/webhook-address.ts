/**
 * Where Stripe sends an organisation's events: /api/payment/stripe/webhook/{webhookId} on the server's public
 * origin. The owner registers the URL at Stripe before the first save (Stripe shows the signing secret only once
 * the endpoint exists), so the id is known before the account is: derived from SECRETS_KEY and the organisation,
 * unguessable without the key, and the same again after the account is removed and stored anew (the endpoint at
 * Stripe keeps working).
 */
import { createHmac } from "node:crypto";
import { stripeWebhookPath } from "@app/contracts";

/** A random-looking UUID (version 4 layout) for the organisation, from an HMAC under SECRETS_KEY. */
export function webhookIdFor(secretsKey: Uint8Array, organisationId: number): string {
  const bytes = createHmac("sha256", secretsKey).update(`payment_account webhook ${organisationId}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const webhookUrl = (origin: string, webhookId: string) => `${origin}${stripeWebhookPath(webhookId)}`;

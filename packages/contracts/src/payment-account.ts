/**
 * An organisation's own payment provider account (issue 46): GET/PUT/DELETE
 * /api/admin/organisations/{organisationId}/payment-account, owners only. The owner stores a Stripe secret key
 * and the webhook signing secret; the server seals both (SECRETS_KEY) and never answers them again: the page shows
 * the key's mode and hint ("sk_test_…4242") instead. Without an account the organisation's restaurants pay through
 * the built-in test provider, where no money moves.
 */
import { z } from "zod";
import { EditedBy, EditVersion } from "./editing";

/**
 * A Stripe secret or restricted key: sk_test_…, sk_live_…, rk_test_…, rk_live_…
 * (https://docs.stripe.com/keys). The prefix says the mode: a test key never moves money.
 */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
/** A webhook endpoint's signing secret, shown by Stripe when the endpoint is added (https://docs.stripe.com/webhooks). */
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/=_-]{8,}$/;
/** Longer than any key Stripe issues; keeps a pasted page out of the sealed column. */
const SECRET_MAX_LENGTH = 400;

/** The events the webhook endpoint at Stripe must send (the Stripe provider handles exactly these). */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
] as const;

/** The path of an account's webhook at our API: its id names the account whose signing secret verifies events. */
export const stripeWebhookPath = (webhookId: string) => `/api/payment/stripe/webhook/${webhookId}`;

export const PaymentMode = z.enum(["test", "live"]).describe("test: no money moves; live: real payments");
export type PaymentMode = z.infer<typeof PaymentMode>;

/**
 * The messages are the back office's message keys, never the value: a refused secret must not come back in an
 * answer, a log line or an error (the server's error handler repeats a field's message).
 */
export const PaymentAccountRequest = z.object({
  secretKey: z
    .string()
    .trim()
    .min(1, { message: "Input.Required", abort: true })
    .max(SECRET_MAX_LENGTH, { message: "Payment.SecretKeyFormat", abort: true })
    .regex(STRIPE_SECRET_KEY_PATTERN, "Payment.SecretKeyFormat")
    .describe("Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…); never answered back"),
  webhookSecret: z
    .string()
    .trim()
    .min(1, { message: "Input.Required", abort: true })
    .max(SECRET_MAX_LENGTH, { message: "Payment.WebhookSecretFormat", abort: true })
    .regex(STRIPE_WEBHOOK_SECRET_PATTERN, "Payment.WebhookSecretFormat")
    .describe("The webhook endpoint's signing secret (whsec_…); never answered back"),
  version: EditVersion.nullable().describe("The account's version as read; null when there was none"),
});
export type PaymentAccountRequest = z.infer<typeof PaymentAccountRequest>;

export const RemovePaymentAccountQuery = z.object({
  version: z.coerce.number().int().positive().describe("The account's version as read"),
});

export const PaymentAccount = z.object({
  provider: z.literal("stripe"),
  mode: PaymentMode,
  /** The key's prefix and last four characters only: "sk_test_…4242". */
  secretKeyHint: z.string(),
  webhookSecretSet: z.boolean(),
  edit: EditedBy,
});
export type PaymentAccount = z.infer<typeof PaymentAccount>;

/** The payment methods a restaurant offers guests (its app settings onlinePayment, mobilepay, payAtPickup). */
export const PaymentRestaurant = z.object({
  id: z.number().int(),
  name: z.string(),
  methods: z.object({ card: z.boolean(), mobilepay: z.boolean(), payAtPickup: z.boolean() }),
});
export type PaymentRestaurant = z.infer<typeof PaymentRestaurant>;

export const PaymentSettings = z
  .object({
    organisationId: z.number().int(),
    /** Whether the server has SECRETS_KEY: without it nothing can be stored, and the page says so first. */
    secretsKeyConfigured: z.boolean(),
    /** null: the built-in test provider (no money moves). */
    account: PaymentAccount.nullable(),
    webhook: z.object({
      /** Where Stripe sends events for this organisation; null while the server has no SECRETS_KEY. */
      url: z.string().nullable(),
      events: z.array(z.string()),
    }),
    restaurants: z.array(PaymentRestaurant),
  })
  .meta({ id: "PaymentSettings" });
export type PaymentSettings = z.infer<typeof PaymentSettings>;

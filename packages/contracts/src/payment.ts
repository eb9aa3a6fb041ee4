/**
 * Payment calls of SPEC §7: starting the payment of a checkout, reading and cancelling it, and the
 * built-in test provider's hosted page. States and types are the numbers of SPEC §4 (constants in
 * @app/domain: PaymentState, PaymentType); money is DKK numbers.
 */
import { isValidEmail } from "@app/domain";
import { z } from "zod";
import { Dkk, IntId, ignoredEcho, LanguageCode, Uuid } from "./common";

/** Methods a guest can ask for; which are allowed is the module's app settings. */
export const PAYMENT_METHODS = ["card", "mobilepay", "pickup"] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const MAX_URL_LENGTH = 2000;

const RedirectUrl = z
  .string()
  .min(1)
  .max(MAX_URL_LENGTH)
  .describe("Absolute http(s) URL on one of the module's host names (module_domain); any other host is refused (400)");

/** "true"/"false"/"1"/"0" in a query string. */
const QueryBoolean = z.stringbool();

/**
 * `paymentMethods=card,mobilepay` or repeated `paymentMethods=card&paymentMethods=mobilepay`.
 * Normalised to a list without duplicates.
 */
const PaymentMethods = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(10)])
  .transform((value) => [
    ...new Set(
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(","))
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(PaymentMethod));

// ── Requests ───────────────────────────────────────────────────────────────────────────────

export const CreatePaymentParams = z.object({ id: Uuid.describe("The checkout to pay") });
export type CreatePaymentParams = z.infer<typeof CreatePaymentParams>;

export const CreatePaymentQuery = z.object({
  moduleId: IntId.describe("The checkout's module"),
  continuationUrl: RedirectUrl.describe(
    "Where the hosted payment page sends the guest after approval or decline (e.g. https://shop/payment/{checkoutId}); must be on a module host",
  ),
  cancellationUrl: RedirectUrl.describe(
    "Where the hosted payment page sends the guest after cancelling; must be on a module host",
  ),
  paymentMethods: PaymentMethods.optional().describe(
    "card, mobilepay and/or pickup, comma-separated or repeated. Contains pickup: pay at pickup (UNPAID, no hosted step). " +
      "Omitted: card (or mobilepay, or pickup, whichever the module allows first). A method the module does not allow is 422 PAYMENT_METHOD_NOT_ALLOWED.",
  ),
  receiptEmail: z
    .string()
    .max(100)
    .refine(isValidEmail, "must be one plain email address (name@example.dk): no display name, list or spaces")
    .optional()
    .describe(
      "Send the email receipt here instead of the guest's email; one plain address by the guest-email rule (isValidEmail of @app/domain)",
    ),
  isTest: QueryBoolean.optional().describe("Asks the provider for test mode (the built-in provider `test` always is)"),
  language: LanguageCode.default("da-DK").describe(
    "The guest's language: what the provider's page calls the payment and, where it can, the page's own language",
  ),
});
export type CreatePaymentQuery = z.infer<typeof CreatePaymentQuery>;

export const PaymentCheckoutParams = z.object({ checkoutId: Uuid.describe("The checkout") });
export type PaymentCheckoutParams = z.infer<typeof PaymentCheckoutParams>;

export const CancelPaymentBody = z
  .object({
    paymentId: Uuid.describe("The payment (Payment.id) to cancel"),
    isTest: ignoredEcho("SPEC §7 isTest (boolean)", "the payment's own mode decides"),
  })
  .describe("SPEC §7 { paymentId, isTest }; only paymentId is used, unknown fields are dropped")
  .meta({ id: "CancelPaymentRequest" });
export type CancelPaymentBody = z.infer<typeof CancelPaymentBody>;

// ── Responses ──────────────────────────────────────────────────────────────────────────────

export const PaymentEntry = z
  .object({
    paymentId: z.string().describe("The payment's id (random UUID)"),
    amount: Dkk.describe("What this payment pays, DKK"),
    type: z.number().int().describe("ONLINE 0, GIFTCARD 1, UNPAID 2"),
  })
  .meta({ id: "PaymentEntry" });
export type PaymentEntry = z.infer<typeof PaymentEntry>;

export const Payment = z
  .object({
    id: z
      .string()
      .describe(
        "The main payment: the online or pay-at-pickup one, or the gift card one when a gift card pays everything",
      ),
    state: z
      .number()
      .int()
      .describe(
        "CREATED 1, CANCELLED 2, FAILED 64, AUTHORIZED 128, REFUNDED 250, PARTIALLYCAPTURED 254, CAPTURED 255; above 64 counts as authorized",
      ),
    type: z.number().int().describe("ONLINE 0, GIFTCARD 1, UNPAID 2"),
    amount: Dkk.describe("What the main payment pays, DKK"),
    paymentUrl: z
      .string()
      .nullable()
      .describe(
        "Where to send the guest to pay: our link GET /payment/{id}/open, which records that the page was opened and " +
          "redirects (303) to the provider's hosted page; null when there is no hosted step (pay at pickup, gift card). " +
          "A payment whose link is not followed within PAYMENT_PAGE_OPEN_MINUTES is cancelled",
      ),
    payments: z
      .array(PaymentEntry)
      .describe(
        "Every payment of this payment attempt (gift cards first, then the main one); together they pay the order total",
      ),
  })
  .meta({ id: "Payment" });
export type Payment = z.infer<typeof Payment>;

export const PaymentPageParams = z.object({ paymentId: Uuid.describe("The payment (its random id is its only key)") });
export type PaymentPageParams = z.infer<typeof PaymentPageParams>;

// ── Test provider's hosted page ────────────────────────────────────────────────────────────

export const TestPaymentParams = z.object({ paymentId: Uuid.describe("The payment (its random id is its only key)") });
export type TestPaymentParams = z.infer<typeof TestPaymentParams>;

export const TestPaymentAction = z.enum(["approve", "decline", "cancel"]);
export type TestPaymentAction = z.infer<typeof TestPaymentAction>;

export const TestPaymentActionParams = z.object({
  paymentId: Uuid.describe("The payment"),
  action: TestPaymentAction.describe("approve → AUTHORIZED 128, decline → FAILED 64, cancel → CANCELLED 2"),
});
export type TestPaymentActionParams = z.infer<typeof TestPaymentActionParams>;

// ── Stripe provider's routes (issue 46) ─────────────────────────────────────────────────────

export const StripeWebhookParams = z.object({
  webhookId: Uuid.describe("Names the restaurant's Stripe account whose signing secret verifies the event"),
});
export type StripeWebhookParams = z.infer<typeof StripeWebhookParams>;

/** Stripe Checkout's success_url and cancel_url come back here (the payment's random id is its only key). */
export const StripeReturnParams = z.object({ paymentId: Uuid.describe("The payment") });
export type StripeReturnParams = z.infer<typeof StripeReturnParams>;

/** What the webhook answers Stripe: any 2xx tells Stripe the event arrived (handled, ignored or a repeat). */
export const StripeWebhookAnswer = z.object({ received: z.literal(true) });
export type StripeWebhookAnswer = z.infer<typeof StripeWebhookAnswer>;

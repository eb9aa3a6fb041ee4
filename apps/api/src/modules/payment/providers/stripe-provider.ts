/**
 * The Stripe payment provider (issue 46): cards (with Apple Pay and Google Pay, which Stripe offers with
 * card) and MobilePay through Stripe Checkout's hosted page, on each organisation's own Stripe account
 * (payment_account, opened by the payment-accounts module). Money moves for real with a live key; with a
 * test key (sk_test_…) Stripe's test mode moves none, and the payment is marked is_test.
 *
 * - createPayment: a Checkout Session in DKK for the amount in øre, `payment.id` in its metadata and as its
 *   Idempotency-Key (a repeated request gets the same session), back to our return routes.
 * - the webhook (stripe-webhook.ts) and the return routes (stripe-return.ts) report what Stripe says: the
 *   webhook by a verified event, the return routes by reading the session from Stripe (never the query).
 * - cancel expires the session; refund refunds its PaymentIntent with our refund's id as Idempotency-Key.
 *
 * Only the SDK's public API is used. docs/payment-providers.md describes the interface.
 */
import type { LanguageCode } from "@app/contracts";
import { PaymentState } from "@app/domain";
import type Stripe from "stripe";
import { isTakingAccount, type PaymentAccountCredentials } from "../../payment-accounts";
import type { CreatePaymentInput, CreatePaymentResult, OnlineMethod, PaymentProvider, PaymentRow } from "./provider";
import {
  idOf,
  isInvalidRequest,
  STRIPE_PROVIDER_NAME,
  type StripeProviderContext,
  stripeClients,
  stripeFailure,
} from "./stripe-client";
import { registerStripeReturns } from "./stripe-return";
import { registerStripeWebhook } from "./stripe-webhook";

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes or later than 24 hours after creation. */
const STRIPE_MIN_EXPIRY_MINUTES = 30;
const STRIPE_MAX_EXPIRY_MINUTES = 24 * 60;
/** Our clock and Stripe's differ by a little: a session asked to expire in exactly 30 minutes could be refused. */
const CLOCK_MARGIN_SECONDS = 60;

export type StripeProviderOptions = {
  credentials: PaymentAccountCredentials;
  /** STRIPE_API_URL: where the SDK sends its calls instead of api.stripe.com (a local fake in tests). */
  apiUrl?: string;
  /** PAYMENT_EXPIRY_MINUTES: the session expires with the payment (at least Stripe's 30 minutes). */
  expiryMinutes: number;
  now?: () => Date;
  /** One call to Stripe may take this long (default 10 s). */
  timeoutMs?: number;
  /** The SDK's own retries of a call that failed on the network or with a 5xx, with the same Idempotency-Key (default 1). */
  maxNetworkRetries?: number;
};

export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const { credentials } = options;
  const now = options.now ?? (() => new Date());
  const clients = stripeClients({
    apiUrl: options.apiUrl,
    // A guest waits for createPayment: two tries of at most 10 s stay within the API's 30 s. The refund outbox
    // and Stripe's webhook retries do the rest.
    timeoutMs: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
  });

  /** The Stripe client of the restaurant a payment belongs to, and the secrets its failures must never show. */
  async function accountOf(payment: PaymentRow) {
    const account = await credentials.forUnit(payment.productionUnitId);
    if (!account) throw new Error("The restaurant has no Stripe account (or SECRETS_KEY is not set)");
    return { account, stripe: clients.of(account.secretKey), secrets: [account.secretKey, account.webhookSecret] };
  }

  async function call<T>(payment: PaymentRow, what: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { stripe, secrets } = await accountOf(payment);
    try {
      return await run(stripe);
    } catch (error) {
      throw stripeFailure(what, error, secrets);
    }
  }

  /**
   * The account now stored must be the one that took the payment: another account's key cannot see its session
   * (Stripe answers "No such checkout.session"). Said plainly in the refund outbox's error instead.
   */
  async function requireTakingAccount(payment: PaymentRow) {
    const { account } = await accountOf(payment);
    if (!isTakingAccount(payment, account)) {
      throw new Error(
        `The payment was taken with another Stripe account (${payment.providerAccountId}, ${payment.isTest ? "test" : "live"} mode) ` +
          `than the one stored now (${account.providerAccountId}, ${account.liveMode ? "live" : "test"} mode): refund it in that account's Stripe dashboard`,
      );
    }
  }

  const sessionIdOf = (payment: PaymentRow) => {
    if (!payment.providerReference) throw new Error("The payment has no Stripe Checkout Session");
    return payment.providerReference;
  };

  const retrieveSession = (payment: PaymentRow) =>
    call(payment, "reading the Checkout Session", (stripe) => stripe.checkout.sessions.retrieve(sessionIdOf(payment)));

  async function expireSession(payment: PaymentRow): Promise<Stripe.Checkout.Session> {
    const { stripe, secrets } = await accountOf(payment);
    try {
      return await stripe.checkout.sessions.expire(sessionIdOf(payment));
    } catch (error) {
      // Only an open session can be expired: one completed or expired meanwhile is answered as it is.
      if (!isInvalidRequest(error)) throw stripeFailure("expiring the Checkout Session", error, secrets);
      return retrieveSession(payment);
    }
  }

  const context: StripeProviderContext = { credentials, clients, retrieveSession, expireSession };

  return {
    name: STRIPE_PROVIDER_NAME,
    // Whether money moves is the restaurant's key's mode (payment_account.live_mode), per payment.
    testMode: false,
    methods: ["card", "mobilepay"],

    async createPayment(input): Promise<CreatePaymentResult> {
      const params = checkoutSessionParams(input, expiresAt(now(), options.expiryMinutes));
      const { account, stripe, secrets } = await accountOf(input.payment);
      const session = await stripe.checkout.sessions
        // The payment's id as the key: a repeated request (double click, retry) gets the same session.
        .create(params, { idempotencyKey: input.payment.id })
        .catch((error: unknown) => {
          throw stripeFailure("creating the Checkout Session", error, secrets);
        });
      if (!session.url) throw new Error("Stripe answered a Checkout Session without a page");
      return {
        providerReference: session.id,
        hostedPageUrl: session.url,
        account: { providerAccountId: account.providerAccountId, keyFingerprint: account.keyFingerprint },
      };
    },

    hostedPageUrl(payment) {
      return payment.state === PaymentState.CREATED ? payment.providerPageUrl : null;
    },

    async cancel(payment) {
      await expireSession(payment);
    },

    async refund(payment, amountMinor, refundId) {
      requireWholeOre(amountMinor);
      await requireTakingAccount(payment);
      const session = await retrieveSession(payment);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error("The Checkout Session has no PaymentIntent to refund");
      const refund = await call(payment, "creating the refund", (stripe) =>
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: amountMinor, metadata: { paymentId: payment.id, refundId } },
          // The same refund row asks with the same key on every try: a try repeated after a crash pays back once.
          { idempotencyKey: refundId },
        ),
      );
      if (refund.status !== "succeeded" && refund.status !== "pending")
        throw new Error(`Stripe did not accept the refund (status ${refund.status})`);
    },

    registerRoutes(api, outcomes, deps) {
      registerStripeWebhook(api, outcomes, deps, context);
      registerStripeReturns(api, outcomes, context);
    },
  };
}

/** The session's one line, as the guest reads it on Stripe's page, in the guest's language. */
const ORDER_AT: Record<LanguageCode, (restaurant: string) => string> = {
  "da-DK": (restaurant) => `Bestilling hos ${restaurant}`,
  "en-US": (restaurant) => `Order at ${restaurant}`,
};

const STRIPE_LOCALE: Record<LanguageCode, Stripe.Checkout.SessionCreateParams.Locale> = {
  "da-DK": "da",
  "en-US": "en",
};

/** The Checkout Session of a payment: one line of the whole amount, our ids in its metadata. */
export function checkoutSessionParams(input: CreatePaymentInput, expiresAtSeconds: number) {
  const { payment, amountMinor, apiBaseUrl } = input;
  requireWholeOre(amountMinor);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency.toLowerCase(),
          unit_amount: amountMinor,
          product_data: { name: ORDER_AT[input.language](input.restaurantName) },
        },
      },
    ],
    // The API version this SDK pins (2026-10-28) has no payment_method_types any more: this list filters the
    // methods Stripe finds eligible, and the account must have them switched on in its dashboard.
    allowed_payment_method_types: stripeMethods(input.method, input.methods),
    client_reference_id: payment.id,
    metadata: { paymentId: payment.id },
    payment_intent_data: { metadata: { paymentId: payment.id } },
    success_url: `${apiBaseUrl}/payment/stripe/return/${payment.id}`,
    cancel_url: `${apiBaseUrl}/payment/stripe/cancel/${payment.id}`,
    expires_at: expiresAtSeconds,
    // Stripe's page in the guest's language too (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-locale).
    locale: STRIPE_LOCALE[input.language],
  };
  if (input.receiptEmail) params.customer_email = input.receiptEmail;
  return params;
}

/** The guest's chosen method first. Card brings Apple Pay and Google Pay with it on Stripe's page. */
function stripeMethods(
  chosen: OnlineMethod,
  accepted: OnlineMethod[],
): Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] {
  return [chosen, ...accepted.filter((method) => method !== chosen)];
}

/** When the session expires (seconds): with the payment, within what Stripe allows (and a minute's margin). */
export function expiresAt(now: Date, expiryMinutes: number): number {
  const earliest = STRIPE_MIN_EXPIRY_MINUTES * 60 + CLOCK_MARGIN_SECONDS;
  const latest = STRIPE_MAX_EXPIRY_MINUTES * 60 - CLOCK_MARGIN_SECONDS;
  return Math.floor(now.getTime() / 1000) + Math.min(latest, Math.max(earliest, expiryMinutes * 60));
}

/** Amounts are whole øre from the database to Stripe: a fraction means a bug upstream, never something to round. */
function requireWholeOre(amountMinor: number) {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`Amount must be a positive whole number of øre, not ${amountMinor}`);
}

/**
 * The Stripe provider's webhook.
 *
 * POST /payment/stripe/webhook/{webhookId}: Stripe's events about the restaurant's Checkout Sessions. The path
 * names the account (payment_account.webhook_id) whose signing secret must verify the raw body
 * (`stripe.webhooks.constructEvent`); an unknown id, a missing, forged or re-signed signature or an old timestamp
 * is 400 and changes nothing. It needs no token and no CSRF token: the signature is its only key. A verified event
 * moves a payment of that account's own organisation only, and only through `outcomes.report`, which moves a
 * CREATED payment once; a handled event's id is noted (payment_webhook_event), so a repeated delivery answers 200
 * and does nothing. An event is noted after it was handled: a crash in between leaves it to Stripe's retry.
 *
 * Wrong signatures are limited (plugins/guess-limit: RATE_LIMIT_TRIES_PER_MINUTE a minute, then 429 until the
 * minute is over), counted per webhook URL AND client address together, never per address alone: Stripe posts
 * every restaurant's events from the same few addresses, so a per-address count would let one restaurant with a
 * wrong secret in the back office shut out every other restaurant's events, and a per-URL count would let anyone
 * who knows a URL shut out its restaurant's events. A right signature costs nothing; Stripe retries a 429 later.
 * A verified event of the other mode than the account's key is refused too (modeMismatch says why).
 */
import { ErrorBody, STRIPE_WEBHOOK_EVENTS, StripeWebhookAnswer, StripeWebhookParams } from "@app/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import { invalid } from "../../../errors";
import { createGuessLimiter, type GuessLimiter } from "../../../plugins/guess-limit";
import type { Api } from "../../../shared/api";
import type { AccountCredentials } from "../../payment-accounts";
import { findRefundedByPayment, isWebhookEventHandled, recordWebhookEvent } from "../repository";
import type { PaymentOutcome, PaymentOutcomes, PaymentRow, ProviderDeps } from "./provider";
import { idOf, STRIPE_PROVIDER_NAME, type StripeProviderContext, stripeFailure } from "./stripe-client";
import { isPaid, reportOnce } from "./stripe-outcomes";

const tags = ["Payment"];
/** Stripe's events are a few kilobytes; the API's 64 KiB would refuse an unusually large one Stripe then retries for days. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The webhook in a scope of its own: only there is JSON read as the exact bytes Stripe signed. */
export function registerStripeWebhook(
  api: Api,
  outcomes: PaymentOutcomes,
  deps: ProviderDeps,
  context: StripeProviderContext,
): void {
  api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    acceptRawJson(scope);
    webhookRoute(scope, outcomes, deps, context, createGuessLimiter(deps));
  });
}

/** The signature is over the exact bytes Stripe sent: only this scope reads JSON as a Buffer. */
function acceptRawJson(scope: Api) {
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
}

const signatureInvalid = () =>
  invalid(
    "WEBHOOK_SIGNATURE_INVALID",
    "The Stripe-Signature header does not verify this event for this webhook URL",
    "stripe-signature",
  );

/**
 * A verified event whose mode is not the stored key's. It can only come from a signing secret of the other mode
 * than the key (Stripe's test and live endpoints have their own secrets): every event of that endpoint is about
 * payments this account never makes, while the events of the key's own mode never arrive. Refused, not ignored:
 * a 400 shows as failing deliveries in the owner's Stripe dashboard, and Stripe emails the account about a
 * failing endpoint, so the owner learns of the mix-up (a 200 would hide it). It is not counted as a wrong guess:
 * the signature was right. A test event can never move a live payment, nor the reverse.
 */
const modeMismatch = (accountLive: boolean) =>
  invalid(
    "WEBHOOK_MODE_MISMATCH",
    accountLive
      ? "This webhook URL belongs to a live Stripe account, and the event is from Stripe's test mode: register the URL in live mode and store its signing secret"
      : "This webhook URL belongs to a Stripe account in test mode, and the event is a live one: register the URL in test mode and store its signing secret",
    "livemode",
  );

function webhookRoute(
  scope: Api,
  outcomes: PaymentOutcomes,
  deps: ProviderDeps,
  context: StripeProviderContext,
  limiter: GuessLimiter,
) {
  scope.post(
    "/payment/stripe/webhook/:webhookId",
    {
      config: { public: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        summary: "Stripe's webhook for a restaurant's account (verified by its Stripe-Signature)",
        description:
          "Register this URL (with the account's webhookId from the back office) in Stripe for the events " +
          `${STRIPE_WEBHOOK_EVENTS.join(", ")}. The raw JSON body must verify with the account's signing ` +
          "secret (Stripe-Signature, at most 5 minutes old), else 400 WEBHOOK_SIGNATURE_INVALID and nothing changes; " +
          "an event of the other mode than the account's key (livemode) is 400 WEBHOOK_MODE_MISMATCH. " +
          "Every verified event is answered 200, also a repeat, an event of no interest or one about a payment that " +
          "already moved.",
        security: [],
        params: StripeWebhookParams,
        response: { 200: StripeWebhookAnswer, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      // One budget per webhook URL and address (the header says why): both of the limiter's counters get it.
      const caller = `${request.params.webhookId}@${request.ip}`;
      const reserved = await limiter.reserve("stripe-webhook", caller, caller);
      const account = await context.credentials.forWebhook(request.params.webhookId).catch(async (error: unknown) => {
        await limiter.settle(reserved, true); // our failure, not a wrong try
        throw error;
      });
      const event =
        account?.provider === STRIPE_PROVIDER_NAME ? verified(request.body, request.headers, account, deps) : undefined;
      await limiter.settle(reserved, event !== undefined);
      if (!account || !event) {
        request.log.warn(
          { webhookId: request.params.webhookId },
          "Stripe webhook refused: its signature does not verify",
        );
        throw signatureInvalid();
      }
      if (event.livemode !== account.liveMode) {
        request.log.warn(
          { webhookId: request.params.webhookId, eventId: event.id, eventLiveMode: event.livemode },
          "Stripe webhook refused: a test-mode event for a live account, or a live event for a test account",
        );
        throw modeMismatch(account.liveMode);
      }
      if (await isWebhookEventHandled(deps.db, STRIPE_PROVIDER_NAME, event.id)) return { received: true as const };
      await handleEvent(event, account, { outcomes, deps, context, log: request.log });
      await recordWebhookEvent(deps.db, {
        provider: STRIPE_PROVIDER_NAME,
        eventId: event.id,
        type: event.type,
        now: deps.now(),
      });
      return { received: true as const };
    },
  );
}

/** The event, if the raw body verifies with the account's signing secret at our clock's now; else undefined. */
function verified(
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
  account: AccountCredentials,
  deps: ProviderDeps,
): Stripe.Event | undefined {
  const signature = headers["stripe-signature"];
  if (!Buffer.isBuffer(body) || typeof signature !== "string") return undefined;
  try {
    return Stripe.webhooks.constructEvent(
      body,
      signature,
      account.webhookSecret,
      undefined,
      undefined,
      deps.now().getTime(),
    );
  } catch {
    // The SDK's message quotes the header and the payload; the answer and the log say only that it failed.
    return undefined;
  }
}

type EventDeps = {
  outcomes: PaymentOutcomes;
  deps: ProviderDeps;
  context: StripeProviderContext;
  log: FastifyBaseLogger;
};

/** The session events of STRIPE_WEBHOOK_EVENTS (the list the back office tells owners to register), each handled. */
const SESSION_OUTCOMES: Record<
  Exclude<(typeof STRIPE_WEBHOOK_EVENTS)[number], "charge.refunded">,
  (session: Stripe.Checkout.Session) => PaymentOutcome | null
> = {
  "checkout.session.completed": (session) => (isPaid(session) ? "authorized" : null),
  "checkout.session.async_payment_succeeded": () => "authorized",
  "checkout.session.async_payment_failed": () => "failed",
  "checkout.session.expired": () => "cancelled",
};

async function handleEvent(event: Stripe.Event, account: AccountCredentials, on: EventDeps): Promise<void> {
  const sessionOutcome = SESSION_OUTCOMES[event.type as keyof typeof SESSION_OUTCOMES];
  if (sessionOutcome) {
    const session = event.data.object as Stripe.Checkout.Session;
    const payment = await ownPayment(session.metadata?.paymentId, account, on);
    if (!payment) return;
    if (payment.providerReference !== session.id) {
      on.log.warn(
        { paymentId: payment.id, eventId: event.id },
        "Stripe event about another session of the payment: ignored",
      );
      return;
    }
    const outcome = sessionOutcome(session);
    if (outcome) await reportOnce(payment.id, outcome, on.outcomes, on.log);
    return;
  }
  if (event.type === "charge.refunded") await noteRefundedCharge(event.data.object as Stripe.Charge, account, on);
  // Other events are of no interest: Stripe gets its 200 and stops sending them.
}

/** Our payment the metadata names, if it is a Stripe payment of the account's own organisation. */
async function ownPayment(
  paymentId: string | undefined,
  account: AccountCredentials,
  on: EventDeps,
): Promise<PaymentRow | undefined> {
  if (!z.uuid().safeParse(paymentId).success) return undefined;
  const found = await on.outcomes.find(paymentId!);
  if (!found) return undefined;
  const owner = await on.context.credentials.forUnit(found.payment.productionUnitId);
  if (owner?.organisationId !== account.organisationId) {
    on.log.warn({ paymentId }, "Stripe event from another organisation's account: ignored");
    return undefined;
  }
  return found.payment;
}

/**
 * charge.refunded: refunds we asked for are already ours (payment_refund; Stripe's refund carries our
 * metadata[refundId]). One made in Stripe's dashboard is not: each is taken over as a refund of the order (the
 * refund feature's recordProviderRefund), once by Stripe's refund id however often the event comes, so the
 * order's page, the figures and the guest see it. Only while Stripe's refunds of the charge add up to more than
 * ours (`amount_refunded`) is the charge's refund list read at all.
 */
async function noteRefundedCharge(charge: Stripe.Charge, account: AccountCredentials, on: EventDeps) {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const secrets = [account.secretKey, account.webhookSecret];
  const stripe = on.context.clients.of(account.secretKey);
  const intent = await stripe.paymentIntents.retrieve(intentId).catch((error: unknown) => {
    throw stripeFailure("reading the refunded PaymentIntent", error, secrets);
  });
  const payment = await ownPayment(intent.metadata?.paymentId, account, on);
  if (!payment) return;
  const ours = (await findRefundedByPayment(on.deps.db, [payment.id])).get(payment.id) ?? 0;
  const fields = { paymentId: payment.id, refundedAtStripeMinor: charge.amount_refunded, refundedHereMinor: ours };
  if (charge.amount_refunded <= ours) {
    on.log.info(fields, "Stripe confirmed refunds of a payment");
    return;
  }
  const refunds = await madeInDashboard(stripe, charge.id, payment.id).catch((error: unknown) => {
    throw stripeFailure("listing the charge's refunds", error, secrets);
  });
  for (const refund of refunds) {
    const taken = await on.deps.orderRefunds.recordProviderRefund({
      payment,
      providerRefundId: refund.id,
      amountMinor: refund.amount,
    });
    const about = { ...fields, stripeRefundId: refund.id, amountMinor: refund.amount };
    if (taken.kind === "recorded" && taken.leftOutMinor === 0)
      on.log.info({ ...about, orderRefundId: taken.orderRefundId }, "Stripe dashboard refund recorded as the order's");
    else if (taken.kind === "recorded" || taken.kind === "nothing-left")
      on.log.warn(
        { ...about, leftOutMinor: taken.leftOutMinor },
        "Stripe refunded more than the order has left here: only what was left is recorded",
      );
    else if (taken.kind === "no-order")
      on.log.warn(about, "Stripe refunded a payment that placed no order: nothing to record it on");
  }
}

/**
 * The charge's refunds that this app did not ask for (no metadata[refundId] of ours), succeeded or on their way,
 * oldest first (https://docs.stripe.com/api/refunds/list answers newest first).
 */
async function madeInDashboard(stripe: Stripe, chargeId: string, paymentId: string): Promise<Stripe.Refund[]> {
  const found: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ charge: chargeId, limit: 100 })) {
    const ours = refund.metadata?.paymentId === paymentId && Boolean(refund.metadata?.refundId);
    if (!ours && (refund.status === "succeeded" || refund.status === "pending")) found.push(refund);
  }
  return found.reverse();
}

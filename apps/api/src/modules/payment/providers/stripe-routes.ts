/**
 * The Stripe provider's public routes.
 *
 * POST /payment/stripe/webhook/{webhookId}: Stripe's events about the restaurant's Checkout Sessions. The path
 * names the account (payment_account.webhook_id) whose signing secret must verify the raw body
 * (`stripe.webhooks.constructEvent`); an unknown id, a missing, forged or re-signed signature or an old timestamp
 * is 400 and changes nothing. It needs no token and no CSRF token: the signature is its only key. A verified event
 * moves a payment of that account's own organisation only, and only through `outcomes.report`, which moves a
 * CREATED payment once; a handled event's id is noted (payment_webhook_event), so a repeated delivery answers 200
 * and does nothing. An event is noted after it was handled: a crash in between leaves it to Stripe's retry.
 *
 * Why no guessing limit here (plugins/guess-limit): a signature is an HMAC-SHA256 under a secret of 32 random
 * bytes and a webhook id a random UUID, neither of which can be guessed in any number of tries; and Stripe posts
 * every restaurant's events from the same few addresses, so counting wrong signatures per address would let one
 * restaurant with a wrong secret in the back office shut out every other restaurant's events.
 *
 * GET /payment/stripe/return/{paymentId} (success_url) and GET /payment/stripe/cancel/{paymentId} (cancel_url):
 * the guest's browser back from Stripe's page. The session is read from Stripe (the query is never trusted):
 * complete and paid → authorized, expired → cancelled; on the cancel route an open session is expired at Stripe
 * first (if Stripe says it was paid after all, authorized wins). Then 303 to the shop: a browser never sees JSON.
 * Should Stripe not answer, the guest goes on to the payment page, which polls until the webhook settles it.
 * These GETs move a payment, as the provider's return URLs must (a late webhook still shows the right page).
 */
import { ErrorBody, StripeReturnParams, StripeWebhookAnswer, StripeWebhookParams } from "@app/contracts";
import { PaymentState } from "@app/domain";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import Stripe from "stripe";
import { z } from "zod";
import { AppError, invalid, notFound } from "../../../errors";
import type { Api } from "../../../shared/api";
import type { AccountCredentials } from "../../payment-accounts";
import { findRefundedByPayment, isWebhookEventHandled, recordWebhookEvent } from "../repository";
import type { PaymentOutcome, PaymentOutcomes, PaymentRow, ProviderDeps } from "./provider";
import { idOf, STRIPE_PROVIDER_NAME, type StripeProviderContext, stripeFailure } from "./stripe-client";

const tags = ["Payment"];
/** Stripe's events are a few kilobytes; the API's 64 KiB would refuse an unusually large one Stripe then retries for days. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export function registerStripeRoutes(
  api: Api,
  outcomes: PaymentOutcomes,
  deps: ProviderDeps,
  context: StripeProviderContext,
): void {
  api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    acceptRawJson(scope);
    webhookRoute(scope, outcomes, deps, context);
  });
  returnRoute(api, "return", outcomes, context);
  returnRoute(api, "cancel", outcomes, context);
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

function webhookRoute(scope: Api, outcomes: PaymentOutcomes, deps: ProviderDeps, context: StripeProviderContext) {
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
          "checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, " +
          "checkout.session.expired and charge.refunded. The raw JSON body must verify with the account's signing " +
          "secret (Stripe-Signature, at most 5 minutes old), else 400 WEBHOOK_SIGNATURE_INVALID and nothing changes. " +
          "Every verified event is answered 200, also a repeat, an event of no interest or one about a payment that " +
          "already moved.",
        security: [],
        params: StripeWebhookParams,
        response: { 200: StripeWebhookAnswer, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const account = await context.credentials.forWebhook(request.params.webhookId);
      const event =
        account?.provider === STRIPE_PROVIDER_NAME ? verified(request.body, request.headers, account, deps) : undefined;
      if (!account || !event) {
        request.log.warn(
          { webhookId: request.params.webhookId },
          "Stripe webhook refused: its signature does not verify",
        );
        throw signatureInvalid();
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

const SESSION_OUTCOMES: Record<string, (session: Stripe.Checkout.Session) => PaymentOutcome | null> = {
  "checkout.session.completed": (session) => (isPaid(session) ? "authorized" : null),
  "checkout.session.async_payment_succeeded": () => "authorized",
  "checkout.session.async_payment_failed": () => "failed",
  "checkout.session.expired": () => "cancelled",
};

async function handleEvent(event: Stripe.Event, account: AccountCredentials, on: EventDeps): Promise<void> {
  const sessionOutcome = SESSION_OUTCOMES[event.type];
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

/** Reports an outcome; a payment that already moved (409) is no news: Stripe still gets its 200. */
async function reportOnce(
  paymentId: string,
  outcome: PaymentOutcome,
  outcomes: PaymentOutcomes,
  log: FastifyBaseLogger,
) {
  try {
    return await outcomes.report(paymentId, outcome, log);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) {
      log.info({ paymentId, outcome, code: error.code }, "Stripe outcome for a payment that already moved");
      return undefined;
    }
    throw error;
  }
}

/**
 * charge.refunded: refunds we asked for are already ours (payment_refund). One made in Stripe's dashboard is not,
 * and this app does not take it over (the order and the guest's messages stay as they are): it is logged, so
 * someone can see that Stripe paid back more than the back office did.
 */
async function noteRefundedCharge(charge: Stripe.Charge, account: AccountCredentials, on: EventDeps) {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const secrets = [account.secretKey, account.webhookSecret];
  const intent = await on.context.clients
    .of(account.secretKey)
    .paymentIntents.retrieve(intentId)
    .catch((error: unknown) => {
      throw stripeFailure("reading the refunded PaymentIntent", error, secrets);
    });
  const payment = await ownPayment(intent.metadata?.paymentId, account, on);
  if (!payment) return;
  const ours = (await findRefundedByPayment(on.deps.db, [payment.id])).get(payment.id) ?? 0;
  const fields = { paymentId: payment.id, refundedAtStripeMinor: charge.amount_refunded, refundedHereMinor: ours };
  if (charge.amount_refunded > ours)
    on.log.warn(fields, "Stripe refunded more than this app asked for (a refund made in Stripe's dashboard?)");
  else on.log.info(fields, "Stripe confirmed refunds of a payment");
}

const isPaid = (session: Stripe.Checkout.Session) =>
  session.payment_status === "paid" || session.payment_status === "no_payment_required";

/** What a session read from Stripe says of its payment: null while it is still open or awaiting the money. */
function outcomeOfSession(session: Stripe.Checkout.Session): PaymentOutcome | null {
  if (session.status === "complete" && isPaid(session)) return "authorized";
  if (session.status === "expired") return "cancelled";
  return null;
}

type ReturnKind = "return" | "cancel";

function returnRoute(api: Api, kind: ReturnKind, outcomes: PaymentOutcomes, context: StripeProviderContext) {
  api.get(
    `/payment/stripe/${kind}/:paymentId`,
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          kind === "return"
            ? "Stripe Checkout's success_url: reads the session from Stripe, reports it, 303 to the shop"
            : "Stripe Checkout's cancel_url: expires the open session at Stripe, reports it, 303 to the shop",
        description:
          "The session is read from Stripe by the payment's stored reference (query parameters are ignored): complete " +
          "and paid → AUTHORIZED 128 (the order is placed), expired → CANCELLED 2" +
          (kind === "cancel" ? "; an open session is expired at Stripe and the payment CANCELLED 2" : "") +
          ". Then 303 to the continuation URL (cancellation URL after a cancel). A payment that already moved, or " +
          "Stripe not answering, changes nothing and sends the guest on to the shop's payment page.",
        security: [],
        params: StripeReturnParams,
        response: {
          303: z.null().describe("Redirect (Location header) to the shop"),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const found = await outcomes.find(request.params.paymentId);
      if (!found) throw notFound("Payment");
      const target = await settleFromStripe(found.payment, kind, outcomes, context, request.log);
      return redirect(reply, target);
    },
  );
}

/** Reports what Stripe says of a waiting payment; answers where the guest goes next. */
async function settleFromStripe(
  payment: PaymentRow,
  kind: ReturnKind,
  outcomes: PaymentOutcomes,
  context: StripeProviderContext,
  log: FastifyBaseLogger,
): Promise<string> {
  if (payment.state !== PaymentState.CREATED) return shopUrl(payment, kind);
  try {
    const session = kind === "cancel" ? await context.expireSession(payment) : await context.retrieveSession(payment);
    const outcome = outcomeOfSession(session);
    const reported = outcome ? await reportOnce(payment.id, outcome, outcomes, log) : undefined;
    if (reported?.redirectUrl) return reported.redirectUrl;
    const current = await outcomes.find(payment.id);
    return shopUrl(current?.payment ?? payment, kind);
  } catch (error) {
    // Stripe (or we) failed: the shop's payment page polls the payment until the webhook settles it.
    log.warn({ paymentId: payment.id, err: error }, "Stripe return: the session could not be settled now");
    return payment.continueUrl ?? shopUrl(payment, kind);
  }
}

/** The shop's page for a payment: its cancellation URL after a cancel that stands, else its continuation URL. */
function shopUrl(payment: PaymentRow, kind: ReturnKind): string {
  const url =
    kind === "cancel" && payment.state !== PaymentState.AUTHORIZED
      ? (payment.cancelUrl ?? payment.continueUrl)
      : (payment.continueUrl ?? payment.cancelUrl);
  if (!url) throw notFound("Payment page");
  return url;
}

function redirect(reply: FastifyReply, location: string) {
  // Checked when the payment was created: absolute URLs on the module's own hosts, never an open redirect.
  return reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer").redirect(location, 303);
}

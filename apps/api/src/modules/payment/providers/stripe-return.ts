/**
 * GET /payment/stripe/return/{paymentId} (success_url) and GET /payment/stripe/cancel/{paymentId} (cancel_url):
 * the guest's browser back from Stripe's page. The session is read from Stripe (the query is never trusted):
 * complete and paid → authorized, expired → cancelled; on the cancel route an open session is expired at Stripe
 * first (if Stripe says it was paid after all, authorized wins). Then 303 to the shop: a browser never sees JSON.
 * Should Stripe not answer, the guest goes on to the payment page, which polls until the webhook settles it.
 * These GETs move a payment, as the provider's return URLs must (a late webhook still shows the right page).
 */
import { ErrorBody, StripeReturnParams } from "@app/contracts";
import { PaymentState } from "@app/domain";
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import { z } from "zod";
import { notFound } from "../../../errors";
import type { Api } from "../../../shared/api";
import type { PaymentOutcomes, PaymentRow } from "./provider";
import type { StripeProviderContext } from "./stripe-client";
import { outcomeOfSession, reportOnce } from "./stripe-outcomes";

const tags = ["Payment"];

/** success_url and cancel_url of every Checkout Session. */
export function registerStripeReturns(api: Api, outcomes: PaymentOutcomes, context: StripeProviderContext): void {
  returnRoute(api, "return", outcomes, context);
  returnRoute(api, "cancel", outcomes, context);
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

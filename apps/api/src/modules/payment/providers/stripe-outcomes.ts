/** What Stripe's answers mean for a payment, and reporting it (the webhook and the return routes share these). */
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { AppError } from "../../../errors";
import type { PaymentOutcome, PaymentOutcomes } from "./provider";

/** Reports an outcome; a payment that already moved (409) is no news: Stripe still gets its 200. */
export async function reportOnce(
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

/** Stripe has the money (or there was none to take). */
export const isPaid = (session: Stripe.Checkout.Session) =>
  session.payment_status === "paid" || session.payment_status === "no_payment_required";

/** What a session read from Stripe says of its payment: null while it is still open or awaiting the money. */
export function outcomeOfSession(session: Stripe.Checkout.Session): PaymentOutcome | null {
  if (session.status === "complete" && isPaid(session)) return "authorized";
  if (session.status === "expired") return "cancelled";
  return null;
}

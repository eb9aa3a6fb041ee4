/**
 * POST /payment/cancel: the guest gives up on a waiting payment. Only a waiting (CREATED) online
 * payment can be cancelled: it becomes CANCELLED 2, the gift-card money of its attempt goes back,
 * the checkout reopens (OPEN) and the payment is voided at its provider. Cancelling a cancelled
 * payment again changes nothing (200). A payment that holds money is 409 ALREADY_PAID — that
 * includes pay at pickup and gift cards paying everything, which are settled (and their order
 * placed) the moment they are created; a declined or refunded one is 409 PAYMENT_NOT_CANCELLABLE.
 *
 * A waiting payment never belongs to a checkout that has its order: a payment is only created for a
 * checkout without one (under its row lock), and finalize refuses while the payment waits.
 */
import type { Payment } from "@app/contracts";
import { isHolding, PaymentState } from "@app/domain";
import type { Deps } from "../../deps";
import { conflict, notFound } from "../../errors";
import { alreadyPaid } from "./create-payment";
import { endWaitingPayment } from "./release-attempt";
import { findAttempt, findPaymentOfUnit } from "./repository";
import { toPaymentJson } from "./to-payment-json";

export async function cancelPayment(
  deps: Deps,
  input: { paymentId: string; productionUnitId: number; apiBaseUrl: string },
): Promise<Payment> {
  const { db } = deps;
  const found = await findPaymentOfUnit(db, input.paymentId, input.productionUnitId);
  if (!found) throw notFound("Payment");

  await endWaitingPayment(deps, found, (current) => {
    if (current.state === PaymentState.CANCELLED || current.state === PaymentState.CREATED) return true;
    if (isHolding(current.state)) throw alreadyPaid();
    throw notCancellable(current.state === PaymentState.REFUNDED ? "has already been refunded" : "was declined");
  });

  // The answer is the cancelled payment's own attempt (its gift-card payments now REFUNDED).
  const attempt = await findAttempt(db, found.checkoutId, found.attempt);
  return toPaymentJson(attempt, { provider: deps.payments.get(found.provider), apiBaseUrl: input.apiBaseUrl });
}

const notCancellable = (why: string) =>
  conflict("PAYMENT_NOT_CANCELLABLE", `The payment ${why}: there is nothing left to cancel`);

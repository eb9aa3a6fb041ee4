/**
 * POST /payment/cancel: the guest gives up on a waiting payment. The payment becomes CANCELLED 2,
 * the gift-card money of its attempt goes back, and the checkout reopens (OPEN). Cancelling a
 * cancelled payment again changes nothing (200); an authorized one, or one of a placed order, is 409.
 */
import type { Payment } from "@app/contracts";
import { CheckoutState, PaymentState } from "@app/domain";
import type { Deps } from "../../deps";
import { conflict, notFound } from "../../errors";
import { alreadyPaid, voidAtProvider } from "./create-payment";
import { refundGiftcardPayments } from "./release";
import { findCheckoutOfUnit, findLatestAttempt, findPaymentOfUnit, movePayment, setCheckoutState } from "./repository";
import { toPayment } from "./to-payment";

export async function cancelPayment(
  deps: Deps,
  input: { paymentId: string; productionUnitId: number; apiBaseUrl: string },
): Promise<Payment> {
  const { db, now } = deps;
  const found = await findPaymentOfUnit(db, input.paymentId, input.productionUnitId);
  if (!found) throw notFound("Payment");

  const cancelled = await db.transaction(async (tx) => {
    const checkout = await findCheckoutOfUnit(tx, found.checkoutId, input.productionUnitId, true);
    if (!checkout) throw notFound("Payment");
    const current = await findPaymentOfUnit(tx, input.paymentId, input.productionUnitId);
    if (!current || current.state === PaymentState.CANCELLED) return null;
    if (current.state !== PaymentState.CREATED) {
      if (current.state > PaymentState.FAILED) throw alreadyPaid();
      throw conflict("PAYMENT_NOT_CANCELLABLE", "The payment has already failed");
    }
    if (checkout.orderId !== null) throw conflict("ORDER_PLACED", "The order has already been placed");
    const moved = await movePayment(tx, current.id, PaymentState.CREATED, PaymentState.CANCELLED, now());
    await refundGiftcardPayments(tx, checkout.id, now());
    if (checkout.state === CheckoutState.PENDING) await setCheckoutState(tx, checkout.id, CheckoutState.OPEN, now());
    return moved ?? null;
  });
  if (cancelled) voidAtProvider(deps, cancelled);

  // The answer is the cancelled payment's attempt (its gift-card payments now REFUNDED).
  const attempt = await findLatestAttempt(db, found.checkoutId);
  const own = attempt.some((row) => row.id === found.id)
    ? attempt
    : [(await findPaymentOfUnit(db, found.id, input.productionUnitId))!];
  return toPayment(own, { provider: deps.payments.get(found.provider), apiBaseUrl: input.apiBaseUrl });
}

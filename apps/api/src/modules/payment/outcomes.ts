/**
 * How a provider's answer moves a payment (the `PaymentOutcomes` a provider's routes receive).
 * Each move is conditional on the payment still being CREATED, so an answer counts once: a second
 * click, a replayed webhook or a race with the guest's cancel gets 409 PAYMENT_NOT_CREATED.
 */
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import type { Deps } from "../../deps";
import { conflict, notFound } from "../../errors";
import type { PaymentOutcome, PaymentOutcomes, PaymentRow, ReportedOutcome } from "./providers/provider";
import { refundGiftcardPayments } from "./release";
import { findCheckoutOfUnit, findPayment, findRestaurantName, movePayment, setCheckoutState } from "./repository";

const TARGET: Record<PaymentOutcome, number> = {
  authorized: PaymentState.AUTHORIZED,
  failed: PaymentState.FAILED,
  cancelled: PaymentState.CANCELLED,
};

export const paymentNotCreated = () =>
  conflict("PAYMENT_NOT_CREATED", "The payment has already been completed, declined or cancelled");

export function paymentOutcomes(deps: Pick<Deps, "db" | "now">, providerName: string): PaymentOutcomes {
  const { db, now } = deps;

  async function find(paymentId: string) {
    const payment = await findPayment(db, paymentId);
    if (!payment || payment.provider !== providerName || payment.type !== PaymentType.ONLINE) return undefined;
    return { payment, restaurantName: await findRestaurantName(db, payment.productionUnitId) };
  }

  async function report(paymentId: string, outcome: PaymentOutcome): Promise<ReportedOutcome> {
    const found = await find(paymentId);
    if (!found) throw notFound("Payment");
    const moved = await db.transaction(async (tx) => {
      // The checkout first, as everywhere: finalize, new attempts and cancels queue on it.
      const checkout = await findCheckoutOfUnit(tx, found.payment.checkoutId, found.payment.productionUnitId, true);
      const row = await movePayment(tx, paymentId, PaymentState.CREATED, TARGET[outcome], now());
      if (!row) throw paymentNotCreated();
      if (outcome !== "authorized" && checkout && checkout.orderId === null) {
        await refundGiftcardPayments(tx, checkout.id, now());
        if (checkout.state === CheckoutState.PENDING)
          await setCheckoutState(tx, checkout.id, CheckoutState.OPEN, now());
      }
      return row;
    });
    return { payment: moved, redirectUrl: redirectFor(moved, outcome) };
  }

  return { find, report };
}

function redirectFor(payment: PaymentRow, outcome: PaymentOutcome): string | null {
  return outcome === "cancelled" ? payment.cancelUrl : payment.continueUrl;
}

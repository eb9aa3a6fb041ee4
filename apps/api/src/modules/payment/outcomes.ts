/**
 * How a provider's answer moves a payment (the `PaymentOutcomes` a provider's routes receive).
 * Each move is conditional on the payment still being CREATED, under the checkout's row lock, so an
 * answer counts once. Authorized: the order is placed right after the commit (finalize), so the
 * order page that polls the checkout sees DONE without calling finalize itself. Failed or
 * cancelled: the attempt is released (gift-card money back, checkout OPEN).
 *
 * A payment that is no longer CREATED cannot move. If the provider says authorized for one the core
 * had already cancelled (expired, replaced by a newer request, cancelled by the guest, or declined
 * before), the guest's money must not be lost: a refund is queued in the same transaction and the
 * answer is 409 PAYMENT_REFUNDED. Anything else is 409 PAYMENT_NOT_CREATED (second click, replayed webhook).
 */
import { PaymentState, PaymentType } from "@app/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../../deps";
import { conflict, notFound } from "../../errors";
import { loadOwnCheckout } from "../checkout";
import type { PaymentOutcome, PaymentOutcomes, PaymentRow, ReportedOutcome } from "./providers/provider";
import { queueRefund } from "./refunds";
import { releaseAttempt } from "./release-attempt";
import { findPayment, findRestaurantName, movePayment } from "./repository";
import { finalizeSettled } from "./settle-payments";

export const paymentNotCreated = () =>
  conflict("PAYMENT_NOT_CREATED", "The payment has already been completed, declined or cancelled");

export const paymentRefunded = () =>
  conflict(
    "PAYMENT_REFUNDED",
    "This payment had already been cancelled or had expired, so no order was placed with it. The amount is refunded",
  );

/** Ended payments whose late approval is paid back: the core had given them up, not the provider. */
const REFUNDABLE_WHEN_LATE: number[] = [PaymentState.CANCELLED, PaymentState.FAILED];

export function paymentOutcomes(deps: Deps, providerName: string): PaymentOutcomes {
  const { db, now } = deps;

  async function find(paymentId: string) {
    const payment = await findPayment(db, paymentId);
    if (!payment || payment.provider !== providerName || payment.type !== PaymentType.ONLINE) return undefined;
    return { payment, restaurantName: await findRestaurantName(db, payment.productionUnitId) };
  }

  async function report(paymentId: string, outcome: PaymentOutcome, log: FastifyBaseLogger): Promise<ReportedOutcome> {
    const found = await find(paymentId);
    if (!found) throw notFound("Payment");
    const result = await db.transaction(async (tx) => {
      // The checkout first, as everywhere: finalize, new attempts and cancels queue on it.
      const checkout = await loadOwnCheckout(tx, found.payment.checkoutId, found.payment.productionUnitId, true);
      // The move is conditional on CREATED, so an approval of a waiting payment (nearly every one) needs no read
      // of it first; only one that did not move is read, to say why.
      if (outcome === "authorized") {
        const moved = await movePayment(tx, paymentId, PaymentState.CREATED, PaymentState.AUTHORIZED, now());
        if (moved) return { kind: "moved" as const, payment: moved };
      }
      const current = await findPayment(tx, paymentId);
      if (!current) throw notFound("Payment");
      if (outcome === "authorized" || current.state !== PaymentState.CREATED) {
        if (outcome === "authorized" && REFUNDABLE_WHEN_LATE.includes(current.state)) {
          return { kind: "refund" as const, queued: await queueRefund(tx, current, now()) };
        }
        throw paymentNotCreated();
      }
      const end = outcome === "failed" ? "failed" : "cancelled";
      const released = await releaseAttempt(tx, checkout, current.attempt, end, now());
      return { kind: "moved" as const, payment: released.main ?? current };
    });

    if (result.kind === "refund") {
      if (result.queued) deps.refunds.kick();
      throw paymentRefunded();
    }
    // The provider already knows a failed or cancelled payment: nothing to void there.
    if (outcome === "authorized") {
      await finalizeSettled(
        { orders: deps.orders, log },
        {
          checkoutId: result.payment.checkoutId,
          productionUnitId: result.payment.productionUnitId,
        },
      );
    }
    return { payment: result.payment, redirectUrl: redirectFor(result.payment, outcome) };
  }

  return { find, report };
}

function redirectFor(payment: PaymentRow, outcome: PaymentOutcome): string | null {
  return outcome === "cancelled" ? payment.cancelUrl : payment.continueUrl;
}

/**
 * A refund made at the payment provider, outside this app (a refund in Stripe's dashboard), taken over from the
 * provider's webhook so the order's page, the figures and the "never more than was paid" rule see it: an
 * order_refund of the amount, marked with the provider's refund id (one row per provider refund, whatever how
 * often the webhook repeats), its payment part written as already done (the outbox never asks the provider for
 * it), the guest told as for any refund, the audit entry made by "Stripe dashboard". Decided under the order's
 * lock like every refund of the order.
 *
 * Never more than the order has left to refund here: if the back office queued a refund that Stripe has not made
 * yet, and the dashboard refunded meanwhile, the two together may be more than was paid. Then only what is left
 * is taken over and the rest is logged; the queued refund will fail at Stripe (nothing left on the charge) and
 * is logged by the outbox.
 */
import { toDkk } from "@app/domain";
import type { Deps } from "../../deps";
import { recordAudit } from "../audit";
import { findOrderOfCheckout, lockOrder } from "../order";
import { type ProviderRefund, type TakenOverRefund, takeOverProviderRefund } from "../payment";
import { findProductionUnit } from "../tenancy";
import { readRefundState } from "./refund-state";
import { findOrderRefundByProviderId, insertOrderRefund } from "./repository";
import { tellGuest, tellScreens } from "./tell-about-refund";

export const PROVIDER_REFUND_ACTOR = { system: "Stripe dashboard" };

export async function recordProviderRefund(
  deps: Pick<Deps, "db" | "now" | "receipts">,
  refund: ProviderRefund,
): Promise<TakenOverRefund> {
  const found = await findOrderOfCheckout(deps.db, refund.payment.checkoutId);
  if (!found) return { kind: "no-order" };
  const now = deps.now();
  const taken = await deps.db.transaction(async (tx): Promise<TakenOverRefund & { messaged?: boolean }> => {
    const order = await lockOrder(tx, found.id);
    if (!order) return { kind: "no-order" };
    if (await findOrderRefundByProviderId(tx, refund.providerRefundId)) return { kind: "already" };
    const before = await readRefundState(tx, order);
    const amountMinor = Math.min(refund.amountMinor, before.refundableMinor);
    const leftOutMinor = refund.amountMinor - amountMinor;
    if (amountMinor <= 0) return { kind: "nothing-left", leftOutMinor };
    const row = await insertOrderRefund(tx, {
      orderId: order.id,
      amountMinor,
      kind: "amount",
      lines: [],
      // Words in no language: the page says in the reader's that it was made in the provider's dashboard.
      reason: `${refund.payment.provider === "stripe" ? "Stripe" : refund.payment.provider} ${refund.providerRefundId}`,
      accountId: null,
      providerRefundId: refund.providerRefundId,
      createdAt: now,
    });
    await takeOverProviderRefund(tx, refund.payment.id, amountMinor, { id: row.id, accountId: null }, now);
    const after = await readRefundState(tx, order);
    if (after.refundableMinor === 0) await tellScreens(tx, order, now);
    const messaged = await tellGuest(tx, order, row.id, now);
    // A restaurant outside any organisation has no audit log to write to (as the kitchen's changes).
    const organisationId = (await findProductionUnit(tx, order.productionUnitId))?.organisationId ?? null;
    if (organisationId !== null)
      await recordAudit(tx, PROVIDER_REFUND_ACTOR, now, {
        organisationId,
        productionUnitId: order.productionUnitId,
        action: "order.refund",
        before: { orderId: order.id, receiptNumber: order.receiptNumber, refunded: toDkk(before.refundedMinor) },
        after: {
          orderId: order.id,
          receiptNumber: order.receiptNumber,
          refunded: toDkk(after.refundedMinor),
          refund: { id: row.id, kind: row.kind, amount: toDkk(amountMinor), reason: row.reason, lines: [] },
          madeAt: refund.payment.provider,
          providerRefundId: refund.providerRefundId,
          online: toDkk(amountMinor),
          giftcard: 0,
        },
      });
    return { kind: "recorded", orderRefundId: row.id, amountMinor, leftOutMinor, messaged };
  });
  if (taken.messaged) deps.receipts.kick();
  const { messaged: _messaged, ...answer } = taken;
  return answer;
}

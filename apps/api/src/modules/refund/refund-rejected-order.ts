/**
 * The kitchen's reject gives back everything still held (payment's refundOrderPayments) and records what it gave
 * back as an order refund of kind "order", so the order's page, the figures and the "never more than was paid"
 * rule see one truth. Runs in the rejecting transaction, under the order's lock like every refund: a manager's
 * refund at the same moment is decided before or after it, never beside it, and the reject gives back only what
 * is left.
 */
import type { Executor } from "@app/db";
import { lockOrder, type OrderRow } from "../order";
import { leftOfHoldingPayments, type RefundedOrder, refundOrderPayments } from "../payment";
import { readRefundState, wholeOrderLines } from "./refund-state";
import { insertOrderRefund } from "./repository";

export async function refundRejectedOrder(
  tx: Executor,
  order: Pick<OrderRow, "id" | "checkoutId">,
  input: { reason: string; accountId: string | null },
  now: Date,
): Promise<RefundedOrder> {
  const locked = await lockOrder(tx, order.id);
  if (!locked) throw new Error(`The rejected order ${order.id} does not exist`);
  const amountMinor = await leftOfHoldingPayments(tx, order.checkoutId);
  if (amountMinor <= 0) return refundOrderPayments(tx, order.checkoutId, now);
  // The refund row comes first: the payments' refund rows name it.
  const row = await insertOrderRefund(tx, {
    orderId: order.id,
    amountMinor,
    kind: "order",
    // Its lines show as refunded on the order's page, as a staff's whole-order refund's do.
    lines: wholeOrderLines(await readRefundState(tx, locked), amountMinor),
    reason: input.reason,
    accountId: input.accountId,
    createdAt: now,
  });
  const refunded = await refundOrderPayments(tx, order.checkoutId, now, { id: row.id, accountId: input.accountId });
  if (refunded.onlineMinor + refunded.giftcardMinor !== amountMinor) {
    // Both were read under the order's lock in this transaction: a difference is a bug, not a race.
    throw new Error(
      `The reject of order ${order.id} gave back ${refunded.onlineMinor + refunded.giftcardMinor}, not ${amountMinor}`,
    );
  }
  return refunded;
}

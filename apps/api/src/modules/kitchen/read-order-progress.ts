import type { Db } from "@app/db";
import { PaymentState } from "@app/domain";
import { findOrder } from "../order";
import { findLatestAttemptPayments } from "../payment";
import type { OrderProgress } from "../receipt";
import { readRefundNotices } from "../refund";
import { findKitchenOrder } from "./repository";

/**
 * What the guest's progress messages say (the receipt feature renders them when it sends): the ready time as
 * it is now, the rejection, whether money paid online or by gift card has been given back, and the refunds staff
 * made (the 'refunded' message tells the one it is about).
 */
export async function readOrderProgress(db: Db, orderId: string): Promise<OrderProgress | undefined> {
  const [row, order] = await Promise.all([findKitchenOrder(db, orderId), findOrder(db, orderId)]);
  if (!row || !order) return undefined;
  const [payments, refunds] = await Promise.all([
    findLatestAttemptPayments(db, [order.checkoutId]),
    readRefundNotices(db, orderId),
  ]);
  return {
    readyTime: row.readyTime,
    rejection: row.rejectReason ? { reason: row.rejectReason, text: row.rejectText } : null,
    moneyBack: payments.some((payment) => payment.state === PaymentState.REFUNDED && payment.amountMinor > 0),
    refunds,
  };
}

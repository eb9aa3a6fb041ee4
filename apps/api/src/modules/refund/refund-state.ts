/**
 * Where an order stands with its money (issue 45): what came in online and by gift card, what its refunds gave
 * back, what each line is worth after its share of the discount and how much of it was refunded, and what can
 * still be given back. Read inside the deciding transaction (under the order's lock) and for the order's page.
 */
import type { OrderRefund, OrderRefunds, RefundablePayment } from "@app/contracts";
import type { Executor } from "@app/db";
import { lineDiscountShares, lineRefundMinor, type RefundLineInput, refundableMinor, toDkk } from "@app/domain";
import { findOrderLines, type OrderRow } from "../order";
import { findOrderRefundParts, type OrderPaymentView, readOrderPayments } from "../payment";
import { findOrderRefunds, type OrderRefundLine, type OrderRefundRow } from "./repository";

export type RefundLineState = RefundLineInput & { name: string; netMinor: number };

export type RefundState = {
  order: OrderRow;
  payments: OrderPaymentView[];
  lines: RefundLineState[];
  refunds: OrderRefundRow[];
  paidMinor: number;
  refundedMinor: number;
  /** What can be given back now: never more than what came in less what its refunds gave back. */
  refundableMinor: number;
};

export async function readRefundState(db: Executor, order: OrderRow): Promise<RefundState> {
  const payments = await readOrderPayments(db, order.checkoutId);
  const lines = await findOrderLines(db, order.id);
  const refunds = await findOrderRefunds(db, order.id);
  const shares = lineDiscountShares(
    lines.map((line) => line.totalMinor),
    order.discountMinor,
  );
  const refundedOf = (lineId: string) => {
    const parts = refunds.flatMap((refund) => refund.lines.filter((line) => line.orderLineId === lineId));
    return {
      refundedAmount: parts.reduce((sum, part) => sum + part.amount, 0),
      refundedMinor: parts.reduce((sum, part) => sum + part.amountMinor, 0),
    };
  };
  const paidMinor = payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  const refundedMinor = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return {
    order,
    payments,
    refunds,
    lines: lines.map((line, index) => ({
      id: line.id,
      name: line.name,
      amount: line.amount,
      totalMinor: line.totalMinor,
      netMinor: line.totalMinor - shares[index]!,
      ...refundedOf(line.id),
    })),
    paidMinor,
    refundedMinor,
    // Both sides must agree; the smaller one wins should they ever not (e.g. an order rejected before refunds
    // were recorded: its payments gave everything back, with no order_refund row).
    refundableMinor: Math.max(0, Math.min(paidMinor - refundedMinor, refundableMinor(payments))),
  };
}

/**
 * What a whole-order refund (staff's, or the kitchen's reject) gives back of each line: every unit not refunded
 * yet, so the order's page shows each line refunded. Each line takes what is left of its net, within what the
 * refund gives back (lines first, in order; an earlier amount refund may have taken part of it); the rest of the
 * refund is the delivery and bag fees, which are not lines.
 */
export function wholeOrderLines(state: Pick<RefundState, "lines">, amountMinor: number): OrderRefundLine[] {
  let leftMinor = amountMinor;
  return state.lines.flatMap((line) => {
    const units = line.amount - line.refundedAmount;
    if (units <= 0) return [];
    const lineMinor = Math.min(leftMinor, lineRefundMinor(line, line.netMinor, units));
    leftMinor -= lineMinor;
    return [{ orderLineId: line.id, amount: units, amountMinor: lineMinor }];
  });
}

/** The state as the order's page shows it. */
export async function toOrderRefunds(db: Executor, state: RefundState): Promise<OrderRefunds> {
  const parts = await findOrderRefundParts(
    db,
    state.refunds.map((refund) => refund.id),
  );
  return {
    orderId: state.order.id,
    receiptNumber: state.order.receiptNumber,
    total: toDkk(state.order.totalMinor),
    discount: toDkk(state.order.discountMinor),
    paid: toDkk(state.paidMinor),
    refunded: toDkk(state.refundedMinor),
    refundable: toDkk(state.refundableMinor),
    payments: state.payments.map(toRefundablePayment),
    lines: state.lines.map((line) => ({
      id: line.id,
      name: line.name,
      amount: line.amount,
      total: toDkk(line.totalMinor),
      net: toDkk(line.netMinor),
      refundedAmount: line.refundedAmount,
      refunded: toDkk(line.refundedMinor),
    })),
    refunds: state.refunds.map((refund) => toOrderRefund(refund, parts.get(refund.id))),
  };
}

export function toOrderRefund(
  refund: OrderRefundRow,
  parts: { onlineMinor: number; giftcardMinor: number } | undefined,
): OrderRefund {
  return {
    id: refund.id,
    kind: refund.kind,
    amount: toDkk(refund.amountMinor),
    online: toDkk(parts?.onlineMinor ?? 0),
    giftcard: toDkk(parts?.giftcardMinor ?? 0),
    reason: refund.reason,
    lines: refund.lines.map((line) => ({
      orderLineId: line.orderLineId,
      amount: line.amount,
      refunded: toDkk(line.amountMinor),
    })),
    byStaff: refund.accountId !== null,
    providerRefundId: refund.providerRefundId,
    createdUtc: refund.createdAt.toISOString(),
  };
}

const ONLINE_METHODS: readonly string[] = ["card", "mobilepay"];

function toRefundablePayment(payment: OrderPaymentView): RefundablePayment {
  const method =
    payment.method === "pickup" || payment.kind === "giftcard"
      ? payment.method === "pickup"
        ? "pickup"
        : "giftcard"
      : ONLINE_METHODS.includes(payment.method)
        ? (payment.method as "card" | "mobilepay")
        : "card";
  return {
    paymentId: payment.paymentId,
    method,
    paid: toDkk(payment.amountMinor),
    refunded: toDkk(payment.refundedMinor),
    refundable: toDkk(Math.max(0, payment.amountMinor - payment.refundedMinor)),
    isTest: payment.isTest,
  };
}

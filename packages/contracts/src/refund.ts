/**
 * Refunds staff (managers and owners) make from an order's page (issue 45): the whole order, chosen lines, or an
 * amount, with a reason. POST /api/admin/orders/{orderId}/refunds decides one; GET lists them with what was paid,
 * given back so far and what can still be given back. Money in DKK (api-conventions).
 */
import { z } from "zod";
import { Dkk, Uuid } from "./common";

const Reason = z.string().trim().min(1).max(500).describe("Why the money is given back (for the restaurant's records)");

export const RefundLineRequest = z.object({
  orderLineId: Uuid,
  amount: z.number().int().min(1).max(999).describe("How many units of the line to refund"),
});

export const RefundRequest = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("order"), reason: Reason }),
    z.object({ kind: z.literal("lines"), lines: z.array(RefundLineRequest).min(1).max(100), reason: Reason }),
    z.object({ kind: z.literal("amount"), amount: Dkk.positive().max(1_000_000), reason: Reason }),
  ])
  .meta({ id: "RefundRequest" });
export type RefundRequest = z.infer<typeof RefundRequest>;

export const RefundKind = z.enum(["order", "lines", "amount"]);
export type RefundKind = z.infer<typeof RefundKind>;

export const OrderRefund = z
  .object({
    id: Uuid,
    kind: RefundKind,
    amount: Dkk,
    /** Queued at the card or MobilePay provider. */
    online: Dkk,
    /** Put back onto gift cards. */
    giftcard: Dkk,
    reason: z.string(),
    lines: z.array(z.object({ orderLineId: Uuid, amount: z.number().int(), refunded: Dkk })),
    /**
     * Made by a staff member (a manager's refund, or a staff member's reject); false for the automatic reject and
     * for a refund made in the provider's dashboard.
     */
    byStaff: z.boolean(),
    /**
     * Made in the payment provider's own dashboard (Stripe), not here, and taken over from its webhook: the
     * provider's id of it ("re_…"); null for refunds made here.
     */
    providerRefundId: z.string().nullable(),
    createdUtc: z.iso.datetime(),
  })
  .meta({ id: "OrderRefund" });
export type OrderRefund = z.infer<typeof OrderRefund>;

export const RefundablePayment = z.object({
  paymentId: Uuid,
  method: z.enum(["card", "mobilepay", "giftcard", "pickup"]),
  /** What came in by it (0 for pay at pickup). */
  paid: Dkk,
  refunded: Dkk,
  refundable: Dkk,
  isTest: z.boolean(),
});
export type RefundablePayment = z.infer<typeof RefundablePayment>;

export const RefundableLine = z.object({
  id: Uuid,
  name: z.string(),
  /** Units ordered. */
  amount: z.number().int(),
  total: Dkk,
  /** The line's total less its share of the order's discount: the most its refunds give back. */
  net: Dkk,
  refundedAmount: z.number().int(),
  refunded: Dkk,
});
export type RefundableLine = z.infer<typeof RefundableLine>;

export const OrderRefunds = z
  .object({
    orderId: Uuid,
    receiptNumber: z.number().int(),
    total: Dkk,
    discount: Dkk,
    /** Paid online and by gift card (pay at pickup is not). */
    paid: Dkk,
    refunded: Dkk,
    /** What can still be given back now. */
    refundable: Dkk,
    payments: z.array(RefundablePayment),
    lines: z.array(RefundableLine),
    /** Newest first. */
    refunds: z.array(OrderRefund),
  })
  .meta({ id: "OrderRefunds" });
export type OrderRefunds = z.infer<typeof OrderRefunds>;

export const RefundCreated = z.object({ refund: OrderRefund, order: OrderRefunds }).meta({ id: "RefundCreated" });
export type RefundCreated = z.infer<typeof RefundCreated>;

import type { OrderRefunds } from "@app/contracts";
import type { Db } from "@app/db";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { findOrder } from "../order";
import { findOrderRefundParts } from "../payment";
import type { SignedInStaff } from "../staff";
import { requireOrderManager } from "./create-refund";
import { readRefundState, toOrderRefunds } from "./refund-state";
import { findOrderRefunds } from "./repository";

/** The order's page: what was paid, refunded so far and can still be refunded, its lines and its refunds. */
export async function readRefunds(
  deps: Pick<Deps, "db">,
  staff: SignedInStaff,
  orderId: string,
): Promise<OrderRefunds> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound("Order");
  requireOrderManager(staff, order.productionUnitId);
  return toOrderRefunds(deps.db, await readRefundState(deps.db, order));
}

/** What the guest's 'refunded' message tells: each refund's amount and how it comes back. */
export type RefundNotice = { id: string; amountMinor: number; onlineMinor: number; giftcardMinor: number };

export async function readRefundNotices(db: Db, orderId: string): Promise<RefundNotice[]> {
  const refunds = await findOrderRefunds(db, orderId);
  const parts = await findOrderRefundParts(
    db,
    refunds.map((refund) => refund.id),
  );
  return refunds.map((refund) => ({
    id: refund.id,
    amountMinor: refund.amountMinor,
    onlineMinor: parts.get(refund.id)?.onlineMinor ?? 0,
    giftcardMinor: parts.get(refund.id)?.giftcardMinor ?? 0,
  }));
}

import type { AdminOrder } from "@app/contracts";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { findOrder } from "../order";
import type { SignedInStaff } from "../staff";
import { readAdminOrder } from "./admin-order";
import { appendOrderEvent } from "./order-event";
import { requireOrderReach } from "./order-reach";
import { findKitchenOrder, markKitchenOrderOpened } from "./repository";

/**
 * A staff member opened the order on a screen: the first opening is recorded, and its order.opened event stops
 * the new-order alert on every screen (and the order no longer counts as unseen). Opening it again changes
 * nothing and writes no event.
 */
export async function openOrder(
  deps: Pick<Deps, "db" | "now">,
  staff: SignedInStaff,
  orderId: string,
): Promise<AdminOrder> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound("Order");
  requireOrderReach(staff, order.productionUnitId);
  const now = deps.now();
  const opened = await deps.db.transaction(async (tx) => {
    const row = await markKitchenOrderOpened(tx, orderId, now);
    if (!row) return undefined;
    await appendOrderEvent(tx, "order.opened", { ...row, receiptNumber: order.receiptNumber }, now);
    return row;
  });
  const row = opened ?? (await findKitchenOrder(deps.db, orderId));
  if (!row) throw notFound("Order");
  return (await readAdminOrder(deps.db, row))!;
}

/** One order as staff see it; 404 outside the account's reach, as for an order that does not exist. */
export async function getAdminOrder(
  deps: Pick<Deps, "db">,
  staff: SignedInStaff,
  orderId: string,
): Promise<AdminOrder> {
  const row = await findKitchenOrder(deps.db, orderId);
  if (!row) throw notFound("Order");
  requireOrderReach(staff, row.productionUnitId);
  const order = await readAdminOrder(deps.db, row);
  if (!order) throw notFound("Order");
  return order;
}

import type { KitchenStatus, RejectReason } from "@app/contracts";
import type { Executor } from "@app/db";
import { findKitchenOrder } from "./repository";

/** What the guest's confirmation page shows of the kitchen's work on their order (GET /order/{id}). */
export type GuestKitchenStatus = {
  kitchenStatus: KitchenStatus;
  /** When the kitchen has it ready: the guest's time, or the time staff moved it to. */
  readyTime: Date;
  rejectReason: RejectReason | null;
};

/**
 * The order's kitchen status for its guest; read from the database on every call (a guest's own data is never
 * cached), so any process answers the last change. An order without a kitchen row (placed before the kitchen
 * status existed and not carried over) reads as new at its own time.
 */
export async function readGuestKitchenStatus(
  db: Executor,
  order: { id: string; orderReadyTime: Date },
): Promise<GuestKitchenStatus> {
  const row = await findKitchenOrder(db, order.id);
  if (!row) return { kitchenStatus: "new", readyTime: order.orderReadyTime, rejectReason: null };
  return { kitchenStatus: row.status, readyTime: row.readyTime, rejectReason: row.rejectReason ?? null };
}

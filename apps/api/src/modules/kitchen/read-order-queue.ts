import { type OrderQueue, type OrderQueueQuery, restaurantEventId } from "@app/contracts";
import type { Db } from "@app/db";
import { type KitchenStatus, localParts, zonedTimeToUtc } from "@app/domain";
import type { OrderSearch } from "../order";
import { findLastSeqs } from "../restaurant-events";
import { findProductionUnit } from "../tenancy";
import { readAdminOrders } from "./admin-order";
import { findKitchenOrders } from "./repository";

/** Still to do, whatever day they were placed, so nothing is lost overnight. */
const ACTIVE: readonly KitchenStatus[] = ["new", "accepted", "ready"];
const FINISHED: readonly KitchenStatus[] = ["picked-up", "rejected"];

/**
 * The restaurant's queue: the active orders by ready time, or today's finished ones (the restaurant's own
 * calendar day) newest first; with `q`, only the order of that receipt number or guests whose name holds it.
 */
export async function readOrderQueue(
  db: Db,
  productionUnitId: number,
  query: OrderQueueQuery,
  now: Date,
): Promise<OrderQueue> {
  // The log's position is read before the orders: a screen that streams the events after it may see a change
  // twice (here and as an event; the version tells), but never misses one made while this read ran.
  const lastSeq = (await findLastSeqs(db, [productionUnitId])).get(productionUnitId) ?? 0;
  const rows =
    query.view === "active"
      ? await findKitchenOrders(db, productionUnitId, ACTIVE)
      : (await findKitchenOrders(db, productionUnitId, FINISHED, await startOfToday(db, productionUnitId, now))).sort(
          (a, b) => b.changedAt.getTime() - a.changedAt.getTime(),
        );
  const orders = await readAdminOrders(db, rows, searchOf(query.q));
  return { orders, lastEventId: restaurantEventId(productionUnitId, lastSeq) };
}

/** Local midnight of today in the restaurant's time zone. */
async function startOfToday(db: Db, productionUnitId: number, now: Date): Promise<Date> {
  const timeZone = (await findProductionUnit(db, productionUnitId))?.timeZone ?? "Europe/Copenhagen";
  return zonedTimeToUtc(localParts(now, timeZone).date, 0, timeZone);
}

/** A receipt number when `q` is one, and the text to find in guests' names. */
export function searchOf(q: string | undefined): OrderSearch | undefined {
  const text = q?.trim() ?? "";
  if (text === "") return undefined;
  return { receiptNumber: /^\d{1,9}$/.test(text) ? Number(text) : null, guestName: text };
}

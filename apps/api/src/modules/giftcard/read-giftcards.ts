/** GET the restaurant's gift cards (searched by code) and one card with its ledger (manager, owner). */
import type { GiftcardDetail, GiftcardList } from "@app/contracts";
import type { Db } from "@app/db";
import { toDkk } from "@app/domain";
import { notFound } from "../../errors";
import { describeEditsOnce, MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { findGiftcardOfInstance, findLedger, listGiftcards } from "./admin-repository";
import { giftcardRestaurant, toGiftcardView } from "./giftcard-view";

export async function readGiftcards(
  db: Db,
  staff: SignedInStaff,
  productionUnitId: number,
  search = "",
): Promise<GiftcardList> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  const restaurant = await giftcardRestaurant(db, productionUnitId);
  const describe = describeEditsOnce();
  const giftcards = [];
  for (const row of await listGiftcards(db, restaurant.giftcardInstanceId, search)) {
    giftcards.push(await toGiftcardView(db, row, restaurant.timeZone, describe));
  }
  return { giftcards, timeZone: restaurant.timeZone };
}

export async function readGiftcard(
  db: Db,
  staff: SignedInStaff,
  target: { restaurantId: number; giftcardId: number },
): Promise<GiftcardDetail> {
  requireRestaurant(staff, target.restaurantId, MANAGERS);
  const restaurant = await giftcardRestaurant(db, target.restaurantId);
  const row = await findGiftcardOfInstance(db, restaurant.giftcardInstanceId, target.giftcardId);
  if (!row) throw notFound("Gift card");
  const ledger = await findLedger(db, row.id);
  return {
    giftcard: await toGiftcardView(db, row, restaurant.timeZone),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      kind: entry.kind,
      amount: toDkk(entry.amountMinor),
      receiptNumber: entry.receiptNumber === null ? null : Number(entry.receiptNumber),
      by: entry.by,
    })),
  };
}

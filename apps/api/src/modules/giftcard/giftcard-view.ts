/** What the back office's gift-card use cases share: the restaurant's cards and clock, and a card as shown. */
import type { EditedBy, GiftcardView } from "@app/contracts";
import type { Executor } from "@app/db";
import { localDateOf, toDkk } from "@app/domain";
import { notFound } from "../../errors";
import type { GiftcardRow } from "../payment";
import { describeEdit, type EditedRow } from "../staff";
import { findRestaurantRows, requireOwnModule } from "../tenancy";

export type GiftcardRestaurant = { productionUnitId: number; timeZone: string; giftcardInstanceId: number };

/** The restaurant's own gift cards; 404 when it has none at all. */
export async function giftcardRestaurant(db: Executor, productionUnitId: number): Promise<GiftcardRestaurant> {
  const [restaurant] = await findRestaurantRows(db, [productionUnitId]);
  if (!restaurant) throw notFound("Restaurant");
  const module = await requireOwnModule(db, restaurant.moduleId, productionUnitId);
  if (module.giftcardInstanceId === null) throw notFound("Gift cards");
  return { productionUnitId, timeZone: restaurant.unit.timeZone, giftcardInstanceId: module.giftcardInstanceId };
}

export async function toGiftcardView(
  db: Executor,
  row: GiftcardRow,
  timeZone: string,
  describe: (db: Executor, row: EditedRow) => Promise<EditedBy> = describeEdit,
): Promise<GiftcardView> {
  return {
    id: row.id,
    code: row.code,
    balance: toDkk(row.balanceMinor),
    initialAmount: toDkk(row.initialAmountMinor),
    validUntil: row.validUntil ? localDateOf(row.validUntil, timeZone) : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    edit: await describe(db, row),
  };
}

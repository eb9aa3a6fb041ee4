/**
 * What the back office's discount-code use cases share: the restaurant's instances and clock, and a row as the
 * screen shows it (amounts in DKK, validity as the restaurant's calendar dates).
 */
import type { DiscountCodeView, EditedBy } from "@app/contracts";
import type { Executor } from "@app/db";
import { localDateOf, toDkk } from "@app/domain";
import { notFound } from "../../errors";
import { describeEdit, type EditedRow } from "../staff";
import { findRestaurantRows, requireOwnModule } from "../tenancy";
import type { DiscountCodeRow } from "./admin-repository";

export type CodesRestaurant = {
  productionUnitId: number;
  timeZone: string;
  discountInstanceId: number;
  productInstanceId: number;
  menuInstanceId: number;
};

/** The restaurant's own discount codes and catalogue; 404 when it has no discount codes at all. */
export async function codesRestaurant(db: Executor, productionUnitId: number): Promise<CodesRestaurant> {
  const [restaurant] = await findRestaurantRows(db, [productionUnitId]);
  if (!restaurant) throw notFound("Restaurant");
  const module = await requireOwnModule(db, restaurant.moduleId, productionUnitId);
  if (module.discountInstanceId === null) throw notFound("Discount codes");
  return {
    productionUnitId,
    timeZone: restaurant.unit.timeZone,
    discountInstanceId: module.discountInstanceId,
    productInstanceId: module.productInstanceId,
    menuInstanceId: module.menuInstanceId,
  };
}

export async function toDiscountCodeView(
  db: Executor,
  row: DiscountCodeRow,
  timeZone: string,
  describe: (db: Executor, row: EditedRow) => Promise<EditedBy> = describeEdit,
): Promise<DiscountCodeView> {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === "amount" ? toDkk(row.value) : row.value,
    minimumBasket: toDkk(row.minimumBasketMinor),
    productIds: row.productIds ?? [],
    categoryIds: row.categoryIds ?? [],
    validFrom: row.validFrom ? localDateOf(row.validFrom, timeZone) : null,
    validUntil: row.validUntil ? localDateOf(row.validUntil, timeZone) : null,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    isActive: row.isActive,
    edit: await describe(db, row),
  };
}

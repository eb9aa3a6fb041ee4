/**
 * GET /api/admin/restaurants/{restaurantId}/discount-codes (with uses so far) and the restaurant's categories
 * and products by name, to limit a code to some of them.
 */
import type { CodeCatalogue, DiscountCodeList, LanguageCode } from "@app/contracts";
import type { Db, Translations } from "@app/db";
import { describeEditsOnce, MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { findOwnCategories, findOwnProducts, listDiscountCodes as listRows } from "./admin-repository";
import { codesRestaurant, toDiscountCodeView } from "./discount-code-view";

export async function listDiscountCodes(
  db: Db,
  staff: SignedInStaff,
  productionUnitId: number,
): Promise<DiscountCodeList> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  const restaurant = await codesRestaurant(db, productionUnitId);
  const rows = await listRows(db, restaurant.discountInstanceId);
  const describe = describeEditsOnce();
  const codes = [];
  for (const row of rows) codes.push(await toDiscountCodeView(db, row, restaurant.timeZone, describe));
  return { codes, timeZone: restaurant.timeZone };
}

export async function readCodeCatalogue(
  db: Db,
  staff: SignedInStaff,
  productionUnitId: number,
  language: LanguageCode,
): Promise<CodeCatalogue> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  const restaurant = await codesRestaurant(db, productionUnitId);
  const collator = new Intl.Collator(language);
  const named = (rows: { id: number; name: Translations; internalName: string }[]) =>
    rows
      .map((row) => ({ id: row.id, name: displayName(row.name, row.internalName, language) || `#${row.id}` }))
      .sort((a, b) => collator.compare(a.name, b.name));
  return {
    categories: named(await findOwnCategories(db, restaurant.menuInstanceId)),
    products: named(await findOwnProducts(db, restaurant.productInstanceId)),
  };
}

/** The name in the language, else Danish, else any text, else the internal name. */
function displayName(name: Translations, internalName: string, language: LanguageCode): string {
  return name[language] || name["da-DK"] || Object.values(name).find(Boolean) || internalName;
}

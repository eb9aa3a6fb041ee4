/**
 * Whose catalogue an editor request edits: the restaurant's module (its first, as the back office's restaurant
 * pages use it) and that module's menu and product instances. A restaurant the account's memberships do not
 * cover is 404, a role below manager 403 (requireRestaurant), before anything is read.
 */
import type { Executor } from "@app/db";
import { notFound } from "../../../errors";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../../staff";
import { findRestaurantRows, requireOwnModule } from "../../tenancy";

export type EditorScope = {
  productionUnitId: number;
  organisationId: number;
  menuInstanceId: number;
  productInstanceId: number;
};

export async function findEditorScope(
  db: Executor,
  staff: SignedInStaff,
  productionUnitId: number,
): Promise<EditorScope> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  const [row] = await findRestaurantRows(db, [productionUnitId]);
  if (!row || row.unit.organisationId === null) throw notFound("Restaurant");
  const module = await requireOwnModule(db, row.moduleId, productionUnitId);
  return {
    productionUnitId,
    organisationId: row.unit.organisationId,
    menuInstanceId: module.menuInstanceId,
    productInstanceId: module.productInstanceId,
  };
}

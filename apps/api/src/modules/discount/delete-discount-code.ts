/**
 * DELETE /api/admin/restaurants/{restaurantId}/discount-codes/{codeId}?version=: a code no order used and no
 * checkout applied is deleted; one that was is deactivated instead (the order's receipt and the figures keep
 * naming it), and the answer says which. Audited either way; a stale version is 409 EditConflict.
 */
import type { DeletedDiscountCode, EditConflict } from "@app/contracts";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { editConflict, MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import {
  type DiscountCodeRow,
  deleteDiscountCode as deleteRow,
  isCodeInUse,
  lockDiscountCode,
  updateDiscountCode,
} from "./admin-repository";
import { codesRestaurant, toDiscountCodeView } from "./discount-code-view";
import { auditDiscountCode } from "./save-discount-code";

export async function deleteDiscountCode(
  deps: Deps,
  staff: SignedInStaff,
  target: { restaurantId: number; codeId: number },
  version: number,
): Promise<{ deleted: DeletedDiscountCode } | { conflict: EditConflict }> {
  const { organisationId } = requireRestaurant(staff, target.restaurantId, MANAGERS);
  const restaurant = await codesRestaurant(deps.db, target.restaurantId);
  const at = deps.now();
  const result = await deps.db.transaction(
    async (tx): Promise<{ kept: DiscountCodeRow | null } | { conflict: EditConflict }> => {
      const before = await lockDiscountCode(tx, restaurant.discountInstanceId, target.codeId);
      if (!before) throw notFound("Discount code");
      if (before.version !== version) return { conflict: await editConflict(tx, before) };
      if (await isCodeInUse(tx, before.id)) {
        const kept = await updateDiscountCode(tx, before.id, { isActive: false, updatedBy: staff.account.id, at });
        await auditDiscountCode(tx, staff, organisationId, restaurant, at, "discount-code.deactivate", before, kept);
        return { kept };
      }
      await deleteRow(tx, before.id);
      await auditDiscountCode(tx, staff, organisationId, restaurant, at, "discount-code.delete", before, null);
      return { kept: null };
    },
  );
  if ("conflict" in result) return result;
  await deps.changes.settleEverywhere();
  return {
    deleted: result.kept
      ? { outcome: "deactivated", code: await toDiscountCodeView(deps.db, result.kept, restaurant.timeZone) }
      : { outcome: "deleted", code: null },
  };
}

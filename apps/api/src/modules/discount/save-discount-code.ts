/**
 * POST and PUT /api/admin/restaurants/{restaurantId}/discount-codes[/{codeId}], and switching a code on or off:
 * each save is one transaction with its audit entry (before and after). An update names the version it was
 * based on; a stale one is answered with who saved in between (409 EditConflict) and writes nothing. The code is
 * unique per restaurant whatever its case (409 Codes.DuplicateCode); the products and categories it is limited
 * to must be the restaurant's own (400 Input.UnknownReference).
 */
import type { CreateDiscountCode, DiscountCodeView, EditConflict, SetActive, UpdateDiscountCode } from "@app/contracts";
import type { Executor } from "@app/db";
import { endOfLocalDate, isBeforeLocalToday, normalizeCode, startOfLocalDate, toMinor } from "@app/domain";
import type { Deps } from "../../deps";
import { AppError, invalid } from "../../errors";
import { recordAudit } from "../audit";
import { editConflict, MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import {
  type DiscountCodeRow,
  type DiscountCodeValues,
  findCodeNamed,
  findOwnCategories,
  findOwnProducts,
  insertDiscountCode,
  lockDiscountCode,
  updateDiscountCode as updateRow,
} from "./admin-repository";
import { type CodesRestaurant, codesRestaurant, toDiscountCodeView } from "./discount-code-view";

/** A save's answer: the code as saved, or the 409 body when someone saved first. */
export type Saved = { saved: DiscountCodeView } | { conflict: EditConflict };

export async function createDiscountCode(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  input: CreateDiscountCode,
): Promise<DiscountCodeView> {
  const { organisationId } = requireRestaurant(staff, productionUnitId, MANAGERS);
  const restaurant = await codesRestaurant(deps.db, productionUnitId);
  const at = deps.now();
  refuseEndedBeforeToday(input.validUntil, at, restaurant.timeZone);
  const values = await checkedValues(deps.db, restaurant, input);
  const row = await uniqueCode(() =>
    deps.db.transaction(async (tx) => {
      await refuseTakenCode(tx, restaurant.discountInstanceId, values.code, null);
      const row = await insertDiscountCode(tx, {
        ...values,
        discountInstanceId: restaurant.discountInstanceId,
        updatedBy: staff.account.id,
        at,
      });
      await auditDiscountCode(tx, staff, organisationId, restaurant, at, "discount-code.create", null, row);
      return row;
    }),
  );
  await deps.changes.settleEverywhere();
  return toDiscountCodeView(deps.db, row, restaurant.timeZone);
}

export async function updateDiscountCode(
  deps: Deps,
  staff: SignedInStaff,
  target: { restaurantId: number; codeId: number },
  input: UpdateDiscountCode,
): Promise<Saved> {
  const restaurant = await codesRestaurant(deps.db, target.restaurantId);
  const { version, ...fields } = input;
  const values = await checkedValues(deps.db, restaurant, fields);
  return saveExisting(deps, staff, restaurant, target.codeId, version, "discount-code.update", async (tx) => {
    await refuseTakenCode(tx, restaurant.discountInstanceId, values.code, target.codeId);
    return values;
  });
}

/** Deactivating keeps the code and its uses; a guest who types it hears it is invalid. */
export async function setDiscountCodeActive(
  deps: Deps,
  staff: SignedInStaff,
  target: { restaurantId: number; codeId: number },
  input: SetActive,
): Promise<Saved> {
  const restaurant = await codesRestaurant(deps.db, target.restaurantId);
  const action = input.isActive ? "discount-code.activate" : "discount-code.deactivate";
  return saveExisting(deps, staff, restaurant, target.codeId, input.version, action, async () => ({
    isActive: input.isActive,
  }));
}

async function saveExisting(
  deps: Deps,
  staff: SignedInStaff,
  restaurant: CodesRestaurant,
  codeId: number,
  version: number,
  action: string,
  changes: (tx: Executor) => Promise<Partial<DiscountCodeValues>>,
): Promise<Saved> {
  const { organisationId } = requireRestaurant(staff, restaurant.productionUnitId, MANAGERS);
  const at = deps.now();
  const result = await uniqueCode(() =>
    deps.db.transaction(async (tx): Promise<{ row: DiscountCodeRow } | { conflict: EditConflict }> => {
      const before = await lockDiscountCode(tx, restaurant.discountInstanceId, codeId);
      if (!before) throw new AppError("not_found", "NOT_FOUND", "Discount code not found");
      if (before.version !== version) return { conflict: await editConflict(tx, before) };
      const row = await updateRow(tx, codeId, { ...(await changes(tx)), updatedBy: staff.account.id, at });
      await auditDiscountCode(tx, staff, organisationId, restaurant, at, action, before, row);
      return { row };
    }),
  );
  if ("conflict" in result) return result;
  await deps.changes.settleEverywhere();
  return { saved: await toDiscountCodeView(deps.db, result.row, restaurant.timeZone) };
}

/** The input as stored: the code upper-case, DKK as øre, dates as instants on the restaurant's clock. */
async function checkedValues(
  db: Executor,
  restaurant: CodesRestaurant,
  input: CreateDiscountCode,
): Promise<DiscountCodeValues> {
  await refuseForeignIds(db, restaurant, input);
  const { timeZone } = restaurant;
  return {
    code: normalizeCode(input.code),
    kind: input.kind,
    value: input.kind === "amount" ? toMinor(input.value) : input.value,
    minimumBasketMinor: toMinor(input.minimumBasket),
    productIds: input.productIds.length > 0 ? unique(input.productIds) : null,
    categoryIds: input.categoryIds.length > 0 ? unique(input.categoryIds) : null,
    validFrom: input.validFrom ? startOfLocalDate(input.validFrom, timeZone) : null,
    validUntil: input.validUntil ? endOfLocalDate(input.validUntil, timeZone) : null,
    usageLimit: input.usageLimit,
    isActive: input.isActive,
  };
}

async function refuseForeignIds(db: Executor, restaurant: CodesRestaurant, input: CreateDiscountCode) {
  const products = await findOwnProducts(db, restaurant.productInstanceId, input.productIds);
  const ownProducts = new Set(products.map((row) => row.id));
  const productIndex = input.productIds.findIndex((id) => !ownProducts.has(id));
  if (productIndex >= 0) {
    throw invalid(
      "Input.UnknownReference",
      `The restaurant has no product ${input.productIds[productIndex]}`,
      `productIds.${productIndex}`,
    );
  }
  const categories = await findOwnCategories(db, restaurant.menuInstanceId, input.categoryIds);
  const ownCategories = new Set(categories.map((row) => row.id));
  const categoryIndex = input.categoryIds.findIndex((id) => !ownCategories.has(id));
  if (categoryIndex >= 0) {
    throw invalid(
      "Input.UnknownReference",
      `The restaurant has no category ${input.categoryIds[categoryIndex]}`,
      `categoryIds.${categoryIndex}`,
    );
  }
}

/**
 * A new code whose last day is over could never be used (a typo of the year, most likely). Saving an existing
 * code may end it in the past: a manager may close a code that way.
 */
function refuseEndedBeforeToday(validUntil: string | null, now: Date, timeZone: string) {
  if (validUntil !== null && isBeforeLocalToday(validUntil, now, timeZone)) {
    throw invalid("Codes.UntilPassed", `The last valid day ${validUntil} has already passed`, "validUntil");
  }
}

async function refuseTakenCode(tx: Executor, discountInstanceId: number, code: string, ownId: number | null) {
  const taken = await findCodeNamed(tx, discountInstanceId, code);
  if (taken && taken.id !== ownId) throw duplicateCode(code);
}

/** Two saves of the same new code at once: the unique index refuses the second, answered as the check above. */
async function uniqueCode<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateCode(null);
    throw error;
  }
}

function duplicateCode(code: string | null) {
  return new AppError(
    "conflict",
    "Codes.DuplicateCode",
    `The restaurant already has the code ${code ?? "with this name"} (codes are the same whatever their case)`,
    "code",
  );
}

/** PostgreSQL's unique_violation (23505), also wrapped by Drizzle (its `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

export async function auditDiscountCode(
  tx: Executor,
  staff: SignedInStaff,
  organisationId: number,
  restaurant: CodesRestaurant,
  at: Date,
  action: string,
  before: DiscountCodeRow | null,
  after: DiscountCodeRow | null,
) {
  await recordAudit(tx, staff, at, {
    organisationId,
    productionUnitId: restaurant.productionUnitId,
    action,
    before: before && auditShape(before),
    after: after && auditShape(after),
  });
}

/** The row as the audit log keeps it: what a manager set, not the bookkeeping. */
function auditShape(row: DiscountCodeRow) {
  const { discountInstanceId: _instance, updatedBy: _by, updatedAt: _at, createdAt: _created, ...shown } = row;
  return shown;
}

/**
 * The back office issues gift cards and switches them off and on (manager, owner). Each is one transaction with
 * its audit entry; the card's rows are written by payment (payment/giftcard-ledger.ts), which owns them. The code
 * is made here from crypto randomness and shown in full: the restaurant hands it to the buyer.
 */
import type { EditConflict, GiftcardView, IssueGiftcard, SetActive } from "@app/contracts";
import type { Executor } from "@app/db";
import { endOfLocalDate, isBeforeLocalToday, toMinor } from "@app/domain";
import type { Deps } from "../../deps";
import { invalid, notFound } from "../../errors";
import { recordAudit } from "../audit";
import { type GiftcardRow, issueGiftcard as insertCard, setGiftcardActive as saveActive } from "../payment";
import { editConflict, MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { findGiftcardOfInstance, isGiftcardCodeTaken } from "./admin-repository";
import { generateGiftcardCode } from "./generate-giftcard-code";
import { giftcardRestaurant, toGiftcardView } from "./giftcard-view";

/** A fresh code that collides is drawn again; with 75 bits a second draw is already beyond belief. */
const CODE_TRIES = 5;

export async function issueGiftcard(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  input: IssueGiftcard,
): Promise<GiftcardView> {
  const { organisationId } = requireRestaurant(staff, productionUnitId, MANAGERS);
  const restaurant = await giftcardRestaurant(deps.db, productionUnitId);
  const at = deps.now();
  // A card whose last day is over could never be spent: money taken for nothing.
  if (input.validUntil && isBeforeLocalToday(input.validUntil, at, restaurant.timeZone)) {
    throw invalid("Codes.UntilPassed", `The last valid day ${input.validUntil} has already passed`, "validUntil");
  }
  const row = await deps.db.transaction(async (tx) => {
    const code = await unusedCode(tx, restaurant.giftcardInstanceId);
    const row = await insertCard(tx, {
      giftcardInstanceId: restaurant.giftcardInstanceId,
      code,
      amountMinor: toMinor(input.amount),
      validUntil: input.validUntil ? endOfLocalDate(input.validUntil, restaurant.timeZone) : null,
      accountId: staff.account.id,
      at,
    });
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId,
      action: "giftcard.issue",
      before: null,
      // The code is in the entry: a manager reads it there when a guest lost it (the list shows it too).
      after: auditShape(row),
    });
    return row;
  });
  return toGiftcardView(deps.db, row, restaurant.timeZone);
}

export async function setGiftcardActive(
  deps: Deps,
  staff: SignedInStaff,
  target: { restaurantId: number; giftcardId: number },
  input: SetActive,
): Promise<{ saved: GiftcardView } | { conflict: EditConflict }> {
  const { organisationId } = requireRestaurant(staff, target.restaurantId, MANAGERS);
  const restaurant = await giftcardRestaurant(deps.db, target.restaurantId);
  const at = deps.now();
  const result = await deps.db.transaction(async (tx): Promise<{ row: GiftcardRow } | { conflict: EditConflict }> => {
    const before = await findGiftcardOfInstance(tx, restaurant.giftcardInstanceId, target.giftcardId, true);
    if (!before) throw notFound("Gift card");
    if (before.version !== input.version) return { conflict: await editConflict(tx, before) };
    const row = await saveActive(tx, {
      giftcardId: before.id,
      isActive: input.isActive,
      accountId: staff.account.id,
      at,
    });
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId: target.restaurantId,
      action: input.isActive ? "giftcard.activate" : "giftcard.deactivate",
      before: auditShape(before),
      after: auditShape(row),
    });
    return { row };
  });
  if ("conflict" in result) return result;
  return { saved: await toGiftcardView(deps.db, result.row, restaurant.timeZone) };
}

async function unusedCode(tx: Executor, giftcardInstanceId: number): Promise<string> {
  for (let i = 0; i < CODE_TRIES; i++) {
    const code = generateGiftcardCode();
    if (!(await isGiftcardCodeTaken(tx, giftcardInstanceId, code))) return code;
  }
  throw new Error("No unused gift-card code in 5 draws: the random source is broken");
}

function auditShape(row: GiftcardRow) {
  return {
    id: row.id,
    code: row.code,
    balanceMinor: row.balanceMinor,
    initialAmountMinor: row.initialAmountMinor,
    validUntil: row.validUntil?.toISOString() ?? null,
    isActive: row.isActive,
    version: row.version,
  };
}

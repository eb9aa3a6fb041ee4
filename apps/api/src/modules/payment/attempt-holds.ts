/**
 * What a payment attempt holds while the guest pays: the slot's kitchen units and one use of each
 * applied discount code (a `payment_hold` row per attempt;
 * docs/decisions/012-payments-hold-capacity-and-discounts.md). Without holds both were only counted
 * when the order was placed, after the money: a code could run out or a slot fill up while the guest
 * was on the provider's page, and the guest was charged without the discount or refunded.
 *
 * - taken (`takeHolds`) in the transaction that creates the attempt, with the checkout row locked,
 *   through the same conditional statements order placement used before (the capacity upsert and the
 *   usage update never pass their limits), so concurrent payments can never oversell;
 * - released (`releaseHolds`) by releaseAttempt, whatever ends the attempt without an order (guest
 *   cancel, replaced, provider unreachable, declined, expired, finalize failed for good);
 * - kept (`keepHolds`) by finalize: the counts become the order's and are not taken again.
 * Each move is one conditional change of the hold's state, so a repeated report, release or
 * finalize never gives back or takes twice.
 *
 * Lock order everywhere: checkout → discount_code → capacity_usage → gift cards (a payment start takes the
 * client's advisory locks right after the checkout's: unpaid-limits.ts).
 */
import type { Executor } from "@app/db";
import { isDiscountUsable } from "@app/domain";
import { unprocessable } from "../../errors";
import { findSlotLimit, releaseCapacity, slotFull, tryConsumeCapacity } from "../capacity";
import { toDiscountRule } from "../checkout";
import { giveDiscountUseBack, lockDiscountCodes, tryUseDiscount } from "../discount";
import { insertHold, moveHold, type PaymentHoldRow } from "./repository";

export type AttemptKey = { checkoutId: string; attempt: number };

/** The kitchen units to hold; null when the module does not enforce capacity. */
/** The slot's kitchen units an attempt takes; timeZone: the restaurant's, whose wall clock the capacity rules follow. */
export type CapacityHold = { capacityInstanceId: number; slotStart: Date; items: number; timeZone: string } | null;

/**
 * Locks the rows of the codes applied to the checkout (`applied`: those that count for its basket) and
 * refuses one that can no longer be used (422 Discount.Invalid): dropping it would charge the guest more
 * than the checkout showed. Locked, the usage count cannot reach the limit between this check and
 * takeHolds.
 */
export async function refuseUnusableDiscounts(
  tx: Executor,
  applied: { rule: { id: number } }[],
  now: Date,
): Promise<void> {
  for (const row of await lockDiscountCodes(
    tx,
    applied.map((found) => found.rule.id),
  )) {
    const rule = toDiscountRule(row);
    if (rule.usageLimit !== null && rule.usageCount >= rule.usageLimit) throw usageLimitReached(rule.code);
    // Switched off, or its last valid day ended while the guest was on the checkout page.
    if (!isDiscountUsable(rule, now)) throw discountRefused(rule.code, "is no longer valid");
  }
}

/** A discount code applied to the checkout, as its row reads. */
export type AppliedCode = { id: number; code: string };

/**
 * Takes the slot's units (409 SLOT_FULL when they no longer fit) and one use of each code now applied
 * (`applied`, as the start of the payment stored them; 422 Discount.Invalid when its limit was reached meanwhile)
 * for the attempt. Throwing rolls the whole attempt back: nothing is held and nothing charged.
 */
export async function takeHolds(
  tx: Executor,
  key: AttemptKey,
  applied: AppliedCode[],
  capacity: CapacityHold,
  now: Date,
): Promise<void> {
  // In code id order, rows already locked by refuseUnusableDiscounts: the lock order above.
  const codes = [...applied].sort((a, b) => a.id - b.id);
  for (const code of codes) {
    if (!(await tryUseDiscount(tx, code.id))) throw usageLimitReached(code.code);
  }
  if (capacity && capacity.items > 0) {
    const { capacityInstanceId, slotStart, items, timeZone } = capacity;
    const limit = await findSlotLimit(tx, capacityInstanceId, slotStart, timeZone);
    if (!(await tryConsumeCapacity(tx, { capacityInstanceId, slotStart, items, limit }))) throw slotFull();
  }
  await insertHold(tx, {
    ...key,
    capacityInstanceId: capacity && capacity.items > 0 ? capacity.capacityInstanceId : null,
    slotStart: capacity && capacity.items > 0 ? capacity.slotStart : null,
    items: capacity?.items ?? 0,
    discountCodeIds: codes.map((code) => code.id),
    createdAt: now,
    updatedAt: now,
  });
}

/** Gives back what the attempt holds, once: the hold moves held → released first. */
export async function releaseHolds(tx: Executor, key: AttemptKey, now: Date): Promise<void> {
  const hold = await moveHold(tx, key, "held", "released", now);
  if (!hold) return;
  for (const discountCodeId of [...hold.discountCodeIds].sort((a, b) => a - b)) {
    await giveDiscountUseBack(tx, discountCodeId);
  }
  if (hold.capacityInstanceId !== null && hold.slotStart !== null) {
    await releaseCapacity(tx, {
      capacityInstanceId: hold.capacityInstanceId,
      slotStart: hold.slotStart,
      items: hold.items,
    });
  }
}

/**
 * The order of the attempt is being placed: what it holds is the order's now. Answers the hold, or
 * undefined when the attempt holds nothing (one started before holds existed), which then has to
 * take capacity and discount uses itself.
 */
export async function keepHolds(tx: Executor, key: AttemptKey, now: Date): Promise<PaymentHoldRow | undefined> {
  return moveHold(tx, key, "held", "kept", now);
}

const discountRefused = (code: string, why: string) =>
  unprocessable("Discount.Invalid", `The discount code ${code} ${why}. Remove it or use another code`, "discountCode");
const usageLimitReached = (code: string) => discountRefused(code, "has reached its usage limit");

/**
 * Finalize: turns a paid checkout into exactly one order. Runs right after a payment settles (the
 * provider's approval, or a pay-at-pickup / all-gift-card payment being created), from the payment
 * sweeper after a crash, and from POST /checkout/{id}/finalize — all the same code, all idempotent.
 *
 * Everything happens in one transaction that starts by locking the checkout row, so double clicks,
 * retries, two tabs, the sweeper and other processes queue on it; whoever comes second finds the
 * order and answers it (same order, 200). Inside: the payments must cover the current total (an
 * authorized online payment, an UNPAID pay-at-pickup one, or gift cards that pay everything), the
 * kitchen units and discount uses the payment attempt holds become the order's (payment/attempt-holds.ts:
 * taken when the payment started, never a second time here; an attempt started before holds existed
 * takes them now with the conditional upsert and update), the receipt number is taken from the unit's
 * sequence, and the order, its lines and discounts, the checkout (DONE 2 + orderId) and the receipt
 * outbox rows written. A pickup time that has passed, a full slot or used-up discount (only without a
 * hold), or a total that no longer matches the settled payment is permanent:
 * the transaction rolls back, then a second one closes the checkout (ERROR 3) and gives the money
 * back (releaseAttempt).
 */
import { randomUUID } from "node:crypto";
import type { Executor } from "@app/db";
import { CheckoutState, PaymentState, PaymentType } from "@app/domain";
import type { Deps } from "../../deps";
import { type AppError, conflict, unprocessable } from "../../errors";
import { withLineKinds } from "../basket";
import { findSlotLimit, slotFull, tryConsumeCapacity } from "../capacity";
import {
  type CheckoutRow,
  findCheckoutGiftcards,
  findTimeZone,
  loadOwnCheckout,
  readCheckoutMoney,
  updateCheckout,
} from "../checkout";
import { tryUseDiscount } from "../discount";
import { openKitchenOrder } from "../kitchen";
import { afterRelease, findLivePayments, keepHolds, releaseAttempt } from "../payment";
import { insertReceiptMessages } from "../receipt";
import { getModuleSettings } from "../settings";
import { requireOwnModule } from "../tenancy";
import {
  findBasketLines,
  findCheckoutDiscountRows,
  insertOrder,
  insertOrderDiscounts,
  insertOrderLines,
  nextReceiptNumber,
} from "./repository";

/** A refusal that no retry can fix: the checkout is closed (ERROR) and its money given back. */
class PermanentFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/**
 * How long after the chosen pickup (or delivery) time an order is still placed. A payment may wait
 * on the provider's page for PAYMENT_EXPIRY_MINUTES, longer than the lead time, so its approval can
 * come after the time has gone; then no order is placed and the money goes back. The grace only
 * absorbs the provider's report arriving a little after the guest approved (a webhook's delivery,
 * a retry): see docs/decisions/006-payments-settle-by-themselves.md.
 */
export const PICKUP_TIME_GRACE_MS = 2 * 60_000;

export const pickupTimePassed = (isDelivery: boolean) =>
  conflict(
    "PICKUP_TIME_PASSED",
    `The chosen ${isDelivery ? "delivery" : "pickup"} time passed before the payment was approved, so no order ` +
      "was placed. The money is given back. Please order again with a new time",
  );

export async function finalizeCheckout(
  deps: Deps,
  input: { checkoutId: string; productionUnitId: number },
): Promise<{ orderId: string; created: boolean }> {
  let result: { orderId: string; created: boolean };
  try {
    result = await deps.db.transaction((tx) => placeOrder(tx, deps, input));
  } catch (error) {
    if (!(error instanceof PermanentFailure)) throw error;
    await failCheckout(deps, input.checkoutId, input.productionUnitId);
    throw error.error;
  }
  if (result.created) deps.receipts.kick();
  return result;
}

async function placeOrder(
  tx: Executor,
  deps: Deps,
  input: { checkoutId: string; productionUnitId: number },
): Promise<{ orderId: string; created: boolean }> {
  const now = deps.now();
  const checkout = await loadOwnCheckout(tx, input.checkoutId, input.productionUnitId, true);
  // The order and the checkout's orderId are written together, below, in this transaction: a checkout
  // without an orderId has no order (and order_checkout, a unique index, refuses a second one).
  if (checkout.orderId) return { orderId: checkout.orderId, created: false };
  if (checkout.state === CheckoutState.ERROR) {
    throw conflict("CHECKOUT_FAILED", "The order could not be placed and the payment was given back");
  }

  const { live, main, lines, totals, applied, orderReadyTime } = await requireSettledPayment(tx, checkout, now);
  const module = await requireOwnModule(tx, checkout.moduleId, checkout.productionUnitId);
  const settings = await getModuleSettings(tx, module.id);
  // What the attempt took when its payment started is the order's now; only an older attempt takes it here.
  const hold = await keepHolds(tx, { checkoutId: checkout.id, attempt: live[0]!.attempt }, now);
  const enforced = hold ? hold.capacityInstanceId !== null : settings.enforceCapacity;
  // Discount codes before capacity: the lock order of payment/attempt-holds.ts.
  const discounts = hold ? applied : await useDiscounts(tx, applied);
  if (!hold && enforced) {
    const timeZone = await findTimeZone(tx, checkout.productionUnitId);
    await consumeCapacity(tx, module.capacityInstanceId, orderReadyTime, totals.itemCount, timeZone);
  }

  const receiptNumber = await nextReceiptNumber(tx, checkout.productionUnitId);
  const order = await insertOrder(tx, {
    checkoutId: checkout.id,
    productionUnitId: checkout.productionUnitId,
    moduleId: checkout.moduleId,
    receiptNumber,
    externalId: externalIdOf(checkout.productionUnitId, receiptNumber),
    orderReadyTime,
    capacityInstanceId: hold ? hold.capacityInstanceId : enforced ? module.capacityInstanceId : null,
    itemCount: totals.itemCount,
    basketTotalMinor: totals.basketTotalMinor,
    discountMinor: totals.discountMinor,
    deliveryFeeMinor: totals.deliveryFeeMinor,
    totalMinor: totals.orderTotalMinor,
    guestName: checkout.guestName,
    guestPhone: checkout.guestPhone,
    guestEmail: checkout.guestEmail,
    orderComment: checkout.orderComment,
    isDelivery: checkout.isDelivery,
    deliveryAddress: checkout.deliveryAddress,
    deliveryZipCode: checkout.deliveryZipCode,
    createdAt: now,
  });
  await copyLinesAndDiscounts(tx, lines, order.id, discounts);
  await updateCheckout(tx, checkout.id, { state: CheckoutState.DONE, orderId: order.id, updatedAt: now });
  await openKitchenOrder(
    tx,
    { orderId: order.id, productionUnitId: order.productionUnitId, receiptNumber, orderReadyTime },
    now,
  );

  // The receipt goes where the module says; an explicit receiptEmail on the payment wins.
  const receiptEmail = main?.receiptEmail ?? live.find((row) => row.receiptEmail)?.receiptEmail ?? checkout.guestEmail;
  const recipient =
    settings.receiptType === "email" ? receiptEmail : settings.receiptType === "sms" ? checkout.guestPhone : null;
  if (recipient && settings.receiptType !== "none") {
    await insertReceiptMessages(tx, [
      { orderId: order.id, channel: settings.receiptType, recipient, nextAttemptAt: now, createdAt: now },
    ]);
  }
  return { orderId: order.id, created: true };
}

/**
 * What pays: gift cards plus one main payment (authorized online, or UNPAID pay at pickup), which
 * must cover the current total; and a chosen time that has not passed.
 */
async function requireSettledPayment(tx: Executor, checkout: CheckoutRow, now: Date) {
  const live = await findLivePayments(tx, checkout.id);
  const main = live.find((row) => row.type !== PaymentType.GIFTCARD);
  if (live.length === 0) throw conflict("PAYMENT_REQUIRED", "The checkout has no payment");
  if (main && main.type === PaymentType.ONLINE && main.state === PaymentState.CREATED) {
    throw conflict("PAYMENT_NOT_AUTHORIZED", "The payment has not been approved yet");
  }
  // The checkout is not OPEN: the amounts its payment stored count, the discounts read are the ones the
  // order keeps. The lines the order copies are the ones its totals are computed from.
  const read = { discounts: findCheckoutDiscountRows, giftcards: findCheckoutGiftcards };
  const lines = checkout.basketId ? await findBasketLines(tx, checkout.basketId) : [];
  const kinds = await withLineKinds(tx, checkout.moduleId, lines);
  const { totals, discounts: applied } = await readCheckoutMoney(tx, checkout, read, { lines: kinds });
  if (totals.isEmpty) throw unprocessable("BASKET_EMPTY", "The basket is empty");
  const paidMinor = live.reduce((sum, row) => sum + row.amountMinor, 0);
  if (paidMinor !== totals.orderTotalMinor) {
    // The payment is settled and the checkout locked for changes: nothing can make them match again.
    throw new PermanentFailure(
      conflict("PAYMENT_MISMATCH", "The payment does not match the order total; the basket changed after paying"),
    );
  }
  const orderReadyTime = checkout.orderReadyTime;
  if (!orderReadyTime) throw unprocessable("DeliveryMethod.TimePicker", "Please choose a time", "orderReadyTime");
  // The kitchen cannot make an order for a time that has gone, and waiting cannot bring it back.
  if (orderReadyTime.getTime() + PICKUP_TIME_GRACE_MS < now.getTime()) {
    throw new PermanentFailure(pickupTimePassed(checkout.isDelivery));
  }
  return { live, main, lines, totals, applied, orderReadyTime };
}

/** Takes the items from the slot's kitchen capacity (its limit by the capacity rules; conditional upsert); a full slot is permanent. */
async function consumeCapacity(
  tx: Executor,
  capacityInstanceId: number,
  slotStart: Date,
  items: number,
  timeZone: string,
) {
  const limit = await findSlotLimit(tx, capacityInstanceId, slotStart, timeZone);
  const fits = await tryConsumeCapacity(tx, { capacityInstanceId, slotStart, items, limit });
  if (!fits) throw new PermanentFailure(slotFull());
}

/** Counts each applied discount's use (conditional update, in code id order); a used-up code is permanent. */
async function useDiscounts(tx: Executor, discounts: Awaited<ReturnType<typeof findCheckoutDiscountRows>>) {
  for (const discount of discounts) {
    if (!(await tryUseDiscount(tx, discount.discountCodeId))) {
      throw new PermanentFailure(conflict("Discount.Invalid", "The discount code is no longer valid"));
    }
  }
  return discounts;
}

/** The order keeps its own copy of the basket lines and the discounts, as they were when it was placed. */
async function copyLinesAndDiscounts(
  tx: Executor,
  lines: Awaited<ReturnType<typeof findBasketLines>>,
  orderId: string,
  discounts: Awaited<ReturnType<typeof findCheckoutDiscountRows>>,
): Promise<void> {
  await insertOrderLines(
    tx,
    lines.map((line, index) => ({
      id: lineId(index),
      orderId,
      productId: line.productId,
      name: line.name,
      amount: line.amount,
      unitPriceMinor: line.priceMinor,
      totalMinor: line.totalPriceMinor,
      choices: line.choices,
    })),
  );
  await insertOrderDiscounts(
    tx,
    discounts.map((discount) => ({
      orderId,
      discountCodeId: discount.discountCodeId,
      code: discount.code,
      amountMinor: discount.amountMinor,
    })),
  );
}

/**
 * The order can never be placed: close the checkout (ERROR 3) and give everything back, in its own
 * transaction after the failed one rolled back. Gift-card money returns to the cards; an authorized
 * online payment is refunded at its provider through the refund outbox (REFUNDED 250); a
 * pay-at-pickup one is CANCELLED 2.
 */
async function failCheckout(deps: Deps, checkoutId: string, productionUnitId: number): Promise<void> {
  const now = deps.now();
  const released = await deps.db.transaction(async (tx) => {
    const checkout = await loadOwnCheckout(tx, checkoutId, productionUnitId, true);
    if (checkout.orderId !== null || checkout.state === CheckoutState.DONE) return null;
    const live = await findLivePayments(tx, checkout.id);
    // One attempt is live at a time; without one there is nothing to give back, only the checkout to close.
    const attempt = live[0]?.attempt;
    if (attempt === undefined) {
      await updateCheckout(tx, checkout.id, { state: CheckoutState.ERROR, updatedAt: now });
      return null;
    }
    return releaseAttempt(tx, checkout, attempt, "closed", now);
  });
  if (released) afterRelease(deps, released);
}

/** "A-1001": the unit's letters (1 = A, 26 = Z, 27 = AA, …) and the receipt number. */
export function externalIdOf(productionUnitId: number, receiptNumber: number): string {
  let letters = "";
  for (let n = productionUnitId; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return `${letters || "X"}-${receiptNumber}`;
}

/** Line ids that sort in basket order (the index in the first 8 hex digits), so reading keeps the order. */
function lineId(index: number): string {
  return `${index.toString(16).padStart(8, "0")}${randomUUID().slice(8)}`;
}

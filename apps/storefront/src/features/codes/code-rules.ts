/** Pure rules of the discount code and the gift card (SPEC §5, §8): what a card may pay, which message a refusal shows. */
import type { CheckoutTotals } from "@app/contracts";
import { capGiftcardAmounts, orderTotal, toDkk, toMinor } from "@app/domain";
import { errorCodeOf } from "../../lib/api-client";

// ── Gift card (SPEC §5) ───────────────────────────────────────────────────────────────────

export type GiftcardCapTotals = Pick<CheckoutTotals, "basketTotal" | "discount" | "deliveryFee">;

/** The most a gift card may pay, DKK: basket total minus discount plus delivery fee (the server's totals). */
export function giftcardCap(totals: GiftcardCapTotals): number {
  return toDkk(capMinor(totals));
}

/** What a card with `balance` DKK pays towards this order: its balance, at most the cap. */
export function giftcardAmountToApply(balance: number, totals: GiftcardCapTotals): number {
  const [paidMinor = 0] = capGiftcardAmounts(capMinor(totals), [toMinor(balance)]);
  return toDkk(paidMinor);
}

function capMinor({ basketTotal, discount, deliveryFee }: GiftcardCapTotals): number {
  return orderTotal({
    basketTotalMinor: toMinor(basketTotal),
    discountMinor: toMinor(discount),
    deliveryFeeMinor: toMinor(deliveryFee),
  });
}

// ── Error messages (SPEC §5, §8) ──────────────────────────────────────────────────────────

export type DiscountMessageKey = "Discount.Invalid" | "Discount.NoValue" | "Discount.Generic" | "Codes.TooManyTries";
export type GiftcardMessageKey = "Giftcard.Generic" | "Codes.TooManyTries";

/**
 * A refused discount code: the server's Discount.Invalid / Discount.NoValue, "wait a minute" after too many
 * wrong tries (429 TOO_MANY_TRIES), anything else "could not verify".
 */
export function discountMessageKey(error: unknown): DiscountMessageKey {
  const code = errorCodeOf(error);
  if (code === "TOO_MANY_TRIES") return "Codes.TooManyTries";
  return code === "Discount.Invalid" || code === "Discount.NoValue" ? code : "Discount.Generic";
}

/** A refused gift card: "wait a minute" after too many wrong tries, anything else "could not verify" (SPEC §8). */
export function giftcardMessageKey(error: unknown): GiftcardMessageKey {
  return errorCodeOf(error) === "TOO_MANY_TRIES" ? "Codes.TooManyTries" : "Giftcard.Generic";
}

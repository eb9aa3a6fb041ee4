import type { DiscountCodeView, GiftcardView } from "@app/contracts";

/**
 * Whether a guest can use the code today: switched on is not enough. A code past its last day, before its first
 * or used as often as it may be is refused at the checkout, so its badge says so instead of "Active".
 */
export type CodeState = "on" | "off" | "expired" | "notYet" | "usedUp";

type CodeFacts = Pick<DiscountCodeView, "isActive" | "validFrom" | "validUntil" | "usageLimit" | "usageCount">;

/** `today`: the restaurant's local date (YYYY-MM-DD), the calendar the code's days are in. */
export function codeState(code: CodeFacts, today: string): CodeState {
  if (!code.isActive) return "off";
  if (code.validUntil !== null && code.validUntil < today) return "expired";
  if (code.validFrom !== null && today < code.validFrom) return "notYet";
  if (code.usageLimit !== null && code.usageCount >= code.usageLimit) return "usedUp";
  return "on";
}

type CardFacts = Pick<GiftcardView, "isActive" | "validUntil" | "balance">;

/** The same for a gift card: one past its last day, or with nothing left on it, pays for nothing. */
export function giftcardState(card: CardFacts, today: string): Exclude<CodeState, "notYet"> {
  if (!card.isActive) return "off";
  if (card.validUntil !== null && card.validUntil < today) return "expired";
  if (card.balance <= 0) return "usedUp";
  return "on";
}

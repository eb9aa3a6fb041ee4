/**
 * Delivery of a checkout (SPEC §4 delivery stages INITIAL 0 → ADDRESS_CHOSEN 1 → DATE_CHOSEN 2 →
 * FINAL 3), one use case per file (set-delivery-address.ts, set-delivery-date.ts, …). Choosing an
 * address clears the date and time; choosing a date clears the time (SPEC §4 session rules, kept on
 * the server too so a stale time can never reach the order). What they share is here.
 */
import type { Db } from "@app/db";
import { unprocessable } from "../../errors";
import type { CheckoutRow } from "../checkout";

export type Deps = { db: Db; now: () => Date };

export const DELIVERY_NOT_POSSIBLE = "Unfortunately, we cannot deliver to this address";

export function requireAddress(checkout: CheckoutRow): void {
  if (!checkout.isDelivery) {
    throw unprocessable("MISSING_ADDRESS", "Please enter your address", "address");
  }
}

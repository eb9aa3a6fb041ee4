/**
 * What the guest typed into a checkout field but has not sent (or the server refused), kept in local storage on
 * every keystroke, so a reload (or the back button and forward again) gives back what was typed: the delivery
 * address (features/fulfilment), the discount code (features/codes). The keys start with the checkout prefix
 * (@app/contracts STORAGE_KEYS): clearing the order wipes the drafts with the rest of the checkout.
 */
import type { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { browserStorage, safely } from "./browser-storage";

export type DraftKey = typeof STORAGE_KEYS.checkoutAddressDraft | typeof STORAGE_KEYS.checkoutDiscountDraft;

type DraftStorage = Pick<Storage, "getItem" | "setItem">;

/** The draft under `key` as `parse` accepts it; null when none is stored, or it is unreadable or not accepted. */
export function storedDraft<T>(
  key: DraftKey,
  parse: (value: unknown) => T | null,
  storage: DraftStorage | undefined = browserStorage(),
): T | null {
  const text = safely(() => storage?.getItem(key));
  if (!text) return null;
  const value = safely(() => JSON.parse(text) as unknown);
  return value === undefined ? null : parse(value);
}

export function rememberDraft(
  key: DraftKey,
  draft: unknown,
  storage: DraftStorage | undefined = browserStorage(),
): void {
  safely(() => storage?.setItem(key, JSON.stringify(draft)));
}

/**
 * The checkout the guest's basket was last linked to (SPEC §4), kept in local storage and reused when the page
 * starts again. Its key (@app/contracts STORAGE_KEYS) starts with the checkout prefix: the basket's clearing of
 * the order wipes it with the rest of the checkout's keys.
 */
import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { browserStorage, safely } from "../../lib/browser-storage";

type IdStorage = Pick<Storage, "getItem" | "setItem">;

export function storedCheckoutId(storage: IdStorage | undefined = browserStorage()): string | null {
  return safely(() => storage?.getItem(STORAGE_KEYS.checkoutId)) || null;
}

export function rememberCheckoutId(id: string, storage: IdStorage | undefined = browserStorage()): void {
  safely(() => storage?.setItem(STORAGE_KEYS.checkoutId, id));
}

import { CHECKOUT_KEY_PREFIX, STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { browserStorage, type KeyValueStorage, safely } from "../../../lib/browser-storage";

/**
 * What the guest's order keeps in local storage (SPEC §4): the basket id. The checkout's keys (its id, its
 * session) are the checkout feature's; they all start with CHECKOUT_KEY_PREFIX, so clearing the order wipes
 * them without this file knowing each one. The guest's language choice survives clearing the order.
 */
export const BASKET_ID_KEY = STORAGE_KEYS.basketId;
/** The checkout's own key (the checkout feature reads and writes it); the basket only drops it with the basket. */
export const CHECKOUT_ID_KEY = STORAGE_KEYS.checkoutId;
export { CHECKOUT_KEY_PREFIX };

export type OrderStorage = KeyValueStorage;

export function storedBasketId(storage: OrderStorage | undefined = browserStorage()): string | null {
  return safely(() => storage?.getItem(BASKET_ID_KEY)) || null;
}

export function rememberBasketId(id: string, storage: OrderStorage | undefined = browserStorage()): void {
  safely(() => storage?.setItem(BASKET_ID_KEY, id));
}

/** SPEC §4: a stored basket that failed to load or expired: its ids are dropped (the checkout is its checkout). */
export function forgetStoredIds(storage: OrderStorage | undefined = browserStorage()): void {
  safely(() => {
    storage?.removeItem(BASKET_ID_KEY);
    storage?.removeItem(CHECKOUT_ID_KEY);
  });
}

/**
 * SPEC §4 "Clearing wipes local storage": every key of the order (basket id, checkout id, checkout
 * session data), but not the guest's language choice nor anything else the shop keeps there.
 */
export function clearStoredOrder(storage: OrderStorage | undefined = browserStorage()): void {
  safely(() => {
    if (!storage) return;
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key === BASKET_ID_KEY || key?.startsWith(CHECKOUT_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  });
}

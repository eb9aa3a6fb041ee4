/**
 * What the guest's order keeps in local storage (SPEC §4): the basket id and the checkout id, and the
 * checkout session data of issue 10. The guest's language choice (key "language", lib/i18n.ts) lives
 * in the same storage and survives clearing the order.
 */
export const BASKET_ID_KEY = "basketId";
export const CHECKOUT_ID_KEY = "checkoutId";
/**
 * Keys starting with this belong to the order too (the checkout id and issue 10's checkout session
 * data, e.g. "checkoutSession"), so clearing the order wipes them without this file knowing each one.
 */
export const CHECKOUT_KEY_PREFIX = "checkout";

export type OrderStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** The browser's local storage, or none where it is blocked (the basket then lasts until reload). */
export function browserStorage(): OrderStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Storage can throw (blocked, private mode, quota): the order is then simply not remembered. */
function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

export function storedBasketId(storage: OrderStorage | undefined = browserStorage()): string | null {
  return safely(() => storage?.getItem(BASKET_ID_KEY)) || null;
}

export function rememberBasketId(id: string, storage: OrderStorage | undefined = browserStorage()): void {
  safely(() => storage?.setItem(BASKET_ID_KEY, id));
}

export function storedCheckoutId(storage: OrderStorage | undefined = browserStorage()): string | null {
  return safely(() => storage?.getItem(CHECKOUT_ID_KEY)) || null;
}

export function rememberCheckoutId(id: string, storage: OrderStorage | undefined = browserStorage()): void {
  safely(() => storage?.setItem(CHECKOUT_ID_KEY, id));
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

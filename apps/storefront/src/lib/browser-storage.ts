/**
 * The browser's local storage, the one way the app reaches it: the order's ids (features/basket), the checkout
 * session (features/checkout) and the language choice (lib/i18n.ts). The keys are shared with the server's
 * page and the early reads (@app/contracts STORAGE_KEYS).
 */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** Local storage, or none where it is blocked (private mode, blocked cookies): nothing is then remembered. */
export function browserStorage(): KeyValueStorage | undefined {
  return safely(() => (typeof window === "undefined" ? undefined : window.localStorage));
}

/** Storage can throw (blocked, private mode, quota): what it should have done is then simply not done. */
export function safely<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

/** Local storage, or none where it is blocked (private mode, blocked cookies): nothing is then remembered. */
export function browserStorage(): Pick<Storage, "getItem" | "setItem"> | undefined {
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

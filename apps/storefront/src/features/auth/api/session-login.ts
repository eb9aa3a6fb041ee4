import { isSessionPasswordRight } from "@app/domain";

/** Where the session login is kept (SPEC §4: session storage): the production unit it was approved for. */
export const SESSION_LOGIN_KEY = "sessionLogin";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const sessionStore = (): Storage | undefined => {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage blocked: the guest logs in again on each load
  }
};

/** SPEC §4: the password is accepted if it equals the production unit id (the server decides again). */
export function isPasswordApproved(password: string, productionUnitId: number): boolean {
  return isSessionPasswordRight(password, productionUnitId);
}

export function isLoggedIn(productionUnitId: number, storage: Storage | undefined = sessionStore()): boolean {
  try {
    return storage?.getItem(SESSION_LOGIN_KEY) === String(productionUnitId);
  } catch {
    return false;
  }
}

export function rememberLogin(productionUnitId: number, storage: Storage | undefined = sessionStore()): void {
  try {
    storage?.setItem(SESSION_LOGIN_KEY, String(productionUnitId));
  } catch {
    // Not remembered: the login still holds until the page is reloaded.
  }
}

/**
 * Whether the guest may see the shop past the front page: always when the restaurant has switched the login
 * gate off (`requireLogin` false), else once the session login for this production unit is done (SPEC §2, §6).
 */
export function hasPassedLoginGate(
  requireLogin: boolean,
  productionUnitId: number,
  storage: Storage | undefined = sessionStore(),
): boolean {
  return !requireLogin || isLoggedIn(productionUnitId, storage);
}

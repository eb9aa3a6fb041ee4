/**
 * SPEC §4 "Login": the session password is accepted if it equals the production unit id. The storefront
 * uses this for the guest's instant answer; the server decides again with it, and forwards its own verdict
 * to the login webhook (a client's claim that its password was right is not evidence).
 */
export function isSessionPasswordRight(password: string, productionUnitId: number): boolean {
  return password.trim() === String(productionUnitId);
}

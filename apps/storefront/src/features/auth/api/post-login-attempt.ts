import type { LoginAttempt } from "@app/contracts";
import { api } from "../../../lib/api-client";

/**
 * Tells our API about a login attempt; the server forwards it to the login webhook (SPEC §7), so the
 * page only ever connects to its own origin. Fire-and-forget: the guest never waits for it or sees it fail.
 */
export function postLoginAttempt(attempt: LoginAttempt): void {
  void api.request("POST", "/login-attempt", { body: attempt }).catch(() => undefined);
}

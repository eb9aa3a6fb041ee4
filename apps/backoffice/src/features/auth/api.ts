import type { LinkInfo, Me } from "@app/contracts";
import { apiGet, apiSend, setCsrfToken } from "../../lib/api";

/** POST /api/admin/session: the account, and the new session's cookie and CSRF token. */
export async function signIn(credentials: { email: string; password: string }): Promise<Me> {
  const me = await apiSend<Me>("POST", "/session", credentials);
  setCsrfToken(me.csrfToken);
  return me;
}

/** POST /api/admin/password-reset: always accepted, whether or not the address has an account. */
export function requestPasswordReset(body: { email: string }): Promise<void> {
  return apiSend<void>("POST", "/password-reset", body);
}

export function linkQuery(token: string) {
  return {
    queryKey: ["link", token],
    queryFn: () => apiGet<LinkInfo>(`/links/${encodeURIComponent(token)}`),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** POST /api/admin/links/{token}/accept: accepts an organisation's invitation (a join link); no password, no session. */
export function acceptInvitation(token: string): Promise<unknown> {
  return apiSend("POST", `/links/${encodeURIComponent(token)}/accept`);
}

/** POST /api/admin/links/{token}: the chosen password (and name); the link is used up. */
export function setPasswordThroughLink(
  token: string,
  body: { password: string; name?: string | undefined },
): Promise<unknown> {
  return apiSend("POST", `/links/${encodeURIComponent(token)}`, body);
}

/**
 * The continuation and cancellation URLs a guest is sent to after the hosted payment step. Only
 * absolute http(s) URLs on one of the module's own host names pass, so the payment page can never
 * be used to redirect anyone elsewhere (no open redirect).
 */
import { invalid } from "../../errors";
import { normalizeHost } from "../../shared/normalize-host";

export function checkRedirectUrl(raw: string, moduleHosts: string[], field: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(field);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused(field);
  if (url.username !== "" || url.password !== "") throw refused(field);
  const allowed = new Set(moduleHosts.map(normalizeHost));
  if (!allowed.has(normalizeHost(url.hostname))) throw refused(field);
  return url.toString();
}

function refused(field: string) {
  return invalid(
    "REDIRECT_URL_NOT_ALLOWED",
    `${field} must be an absolute http(s) URL on one of the shop's own host names`,
    field,
  );
}

/**
 * On which origin an emailed link (invite, join, reset) is built. With PUBLIC_URL set (the server's own address)
 * always on it. Without it, on the origin the request came to only when that names a host the server answers on for
 * the organisation concerned: the Host header is the sender's to choose, and a link in a mail the platform sends to
 * someone else must not open a site of the sender's choosing (a page that asks for a new password and keeps the
 * link's token). The host names are tenancy's: asked of it (findOrganisationHosts).
 */
import type { Executor } from "@app/db";
import { normalizeHost } from "../../shared/normalize-host";
import { findOrganisationHosts } from "../tenancy";

/** The request as a link's origin sees it: `origin` as sent (scheme and Host header), `hostname` without port. */
export type RequestOrigin = { origin: string; hostname: string };

/**
 * Whether the origin is the scheme, the host name and at most a port: a Host header with user info or a path
 * (`localhost:x@evil.example`, `localhost/evil`) has a host name the server answers on but a link built from it
 * opens another site.
 */
export function isHostOrigin(origin: string, hostname: string): boolean {
  const match = /^https?:\/\/(.*)$/.exec(origin);
  if (!match || !match[1]!.startsWith(hostname)) return false;
  return /^(:\d{1,5})?$/.test(match[1]!.slice(hostname.length));
}

/**
 * The origin for the links of an organisation's invitation: PUBLIC_URL; else the request's origin when its host is a
 * host name of one of the organisation's restaurants; else the organisation's first restaurant's host name on the
 * request's scheme and port. Undefined when the organisation has no restaurant (nor PUBLIC_URL): no address then
 * leads to this server for sure.
 */
export async function invitationOrigin(
  db: Executor,
  organisationId: number,
  request: RequestOrigin,
  publicOrigin: string | undefined,
): Promise<string | undefined> {
  if (publicOrigin) return publicOrigin;
  const hosts = (await findOrganisationHosts(db, [organisationId])).map(normalizeHost);
  const plain = isHostOrigin(request.origin, request.hostname);
  if (plain && hosts.includes(normalizeHost(request.hostname))) return request.origin;
  const first = hosts[0];
  if (first === undefined) return undefined;
  const scheme = request.origin.startsWith("https://") ? "https" : "http";
  // The port the server was reached on (a development server's), never anything else of the Host header.
  const port = plain ? request.origin.slice(`${scheme}://${request.hostname}`.length) : "";
  return `${scheme}://${first}${port}`;
}

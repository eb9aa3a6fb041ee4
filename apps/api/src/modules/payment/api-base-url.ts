import type { FastifyRequest } from "fastify";
import type { Deps } from "../../deps";
import { invalid } from "../../errors";
import { normalizeHost } from "../../shared/normalize-host";
import { findProductionUnitHosts } from "../tenancy";

/** "shop.example.dk:8080" → host and optional port; anything else (userinfo, paths, junk) does not match. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^[\]:/@\s]+)(?::(\d{1,5}))?$/i;

/**
 * The public base URL of the API ("https://shop.example.dk/api") for links handed to guests and
 * providers (the hosted payment page). Never the Host header as sent: anyone can send
 * `Host: evil.example` and would get a payment link to their own site.
 *
 * PUBLIC_URL when configured (behind a proxy); else the request's host (and port) only when it is one
 * of the production unit's module domains (module_domain: "localhost" and "127.0.0.1" in the demo
 * seed); else the first of those domains. A unit without any domain has no shop to link to: 400
 * HOST_NOT_ALLOWED. See docs/api-conventions.md.
 */
export async function apiBaseUrl(
  deps: Pick<Deps, "config" | "db">,
  request: Pick<FastifyRequest, "protocol" | "host" | "productionUnitId">,
): Promise<string> {
  const { publicUrl } = deps.config;
  if (publicUrl) return `${publicUrl.replace(/\/+$/, "")}/api`;
  const known = await findProductionUnitHosts(deps.db, request.productionUnitId);
  const host = knownRequestHost(request.host, known) ?? known[0];
  if (!host) throw noKnownHost();
  return `${request.protocol}://${host}/api`;
}

/** The request's host and port as the link's authority when its host name is a known one; else undefined. */
function knownRequestHost(header: string, known: string[]): string | undefined {
  const match = HOST_HEADER.exec(header.trim());
  if (!match?.[1]) return undefined;
  const name = normalizeHost(match[1]);
  if (!known.some((host) => normalizeHost(host) === name)) return undefined;
  const authority = name.includes(":") ? `[${name}]` : name;
  return match[2] ? `${authority}:${match[2]}` : authority;
}

const noKnownHost = () =>
  invalid(
    "HOST_NOT_ALLOWED",
    "The shop has no host name to build payment links on: add a module domain or set PUBLIC_URL",
  );

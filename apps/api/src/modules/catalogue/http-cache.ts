/**
 * HTTP caching of read-mostly answers. The ETag is a hash of the answer itself, so it changes
 * exactly when the data (or today's price) changes, and every API process computes the same one:
 * nothing is kept in memory between requests.
 */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** The catalogue changes rarely: browsers and proxies may reuse it for a minute. */
export const CATALOGUE_CACHE = "public, max-age=60";
/** Stock changes any time: always revalidate (cheap with the ETag). */
export const WAREHOUSE_CACHE = "no-cache";

/** Response schema of the 304 a matching If-None-Match gets. */
export const NotModified = z.null().describe("Not modified: the copy named in If-None-Match is current (no body)");

export function weakEtag(body: unknown): string {
  return `W/"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
}

/** True when one of the If-None-Match tags (weak comparison, or "*") is this ETag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * Sets Cache-Control and a weak ETag; answers 304 without a body when the client already has it.
 * Returns the body to send, or the reply when it has been answered with 304.
 */
export function sendCached<T>(request: FastifyRequest, reply: FastifyReply, body: T, cacheControl: string) {
  const etag = weakEtag(body);
  reply.header("cache-control", cacheControl).header("etag", etag);
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();
  return body;
}

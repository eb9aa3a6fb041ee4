/**
 * HTTP caching of read-mostly answers.
 *
 * Catalogue answers are named by version: database triggers add 1 to an instance's
 * `catalogue_version` on every change of its catalogue rows, in the same transaction, so the ETag
 * `W/"<kind>-<instanceId>-v<version>[-wd<ISO weekday>]"` changes exactly when the answer can (the
 * weekday part where the weekday sale decides prices). The version comes from the same small query as
 * the tenancy check, kept in memory until the database notifies a change (decision 014), so several API
 * processes on one database agree, and a matching If-None-Match is answered 304 without loading the catalogue.
 *
 * The in-process `AnswerCache` saves rebuilding, re-serializing and re-compressing an answer: its key holds
 * that ETag, so a change is never served stale, an entry of an old version is simply never asked
 * for again, and a process that restarts (or has not seen an answer yet) just builds it once.
 * The version is always read before the answer is built, so a cached body is never older than its key.
 *
 * Warehouse (stock) answers are not versioned: they hash the answer itself (`sendCached`).
 */
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { EncodedJson, sendEncodedJson } from "./encoded-json";

/** The catalogue changes rarely: browsers and proxies may reuse it for a minute. */
export const CATALOGUE_CACHE = "public, max-age=60";
/** Stock changes any time: always revalidate (cheap with the ETag). */
export const WAREHOUSE_CACHE = "no-cache";

/** Response schema of the 304 a matching If-None-Match gets. */
export const NotModified = z.null().describe("Not modified: the copy named in If-None-Match is current (no body)");

export function weakEtag(body: unknown): string {
  return `W/"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
}

/** The ETag of a catalogue answer: its kind, the instance and its version, and the weekday when prices depend on it. */
export function versionEtag(kind: string, instanceId: number, version: number, isoWeekday?: number): string {
  const day = isoWeekday === undefined ? "" : `-wd${isoWeekday}`;
  return `W/"${kind}-${instanceId}-v${version}${day}"`;
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

/**
 * A small least-recently-used map of serialized JSON answers, one per app. Bounded by entry count
 * and by total size (characters, bytes), so large answers (context calls) cannot hold much memory.
 */
export class AnswerCache<T extends { length: number } = EncodedJson> {
  private readonly entries = new Map<string, T>();
  private chars = 0;

  constructor(
    readonly maxEntries = 500,
    readonly maxChars = 16 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const json = this.entries.get(key);
    if (json !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, json);
    }
    return json;
  }

  set(key: string, json: T): void {
    const cost = key.length + json.length;
    if (cost > this.maxChars) return;
    this.delete(key);
    this.entries.set(key, json);
    this.chars += cost;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const json = this.entries.get(key);
    if (json === undefined) return;
    this.entries.delete(key);
    this.chars -= key.length + json.length;
  }
}

/**
 * The JSON of `key`: from the cache, else built once, serialized with the route's own 200 schema
 * (`reply.serialize`: the bytes Fastify itself would send) and kept; send it with `sendEncodedJson`.
 */
export async function cachedJson(
  reply: FastifyReply,
  cache: AnswerCache,
  key: string,
  build: () => Promise<unknown>,
): Promise<EncodedJson> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const json = reply.serialize(await build());
  if (typeof json !== "string") throw new Error("The route's serializer must produce a JSON string");
  const answer = new EncodedJson(json);
  cache.set(key, answer);
  return answer;
}

/**
 * A versioned catalogue GET: 304 when If-None-Match names `etag` (nothing is built), else the
 * answer (cached per ETag and request) with Cache-Control and the ETag. The caller has already
 * checked tenancy and read the version: nothing here may run before that.
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  etag: string,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) {
    return reply.header("cache-control", CATALOGUE_CACHE).header("etag", etag).code(304).send();
  }
  const key = `${etag} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)}`;
  // Headers only once the answer is built: a 404 thrown by the build must not be cacheable.
  const answer = await cachedJson(reply, cache, key, build);
  return sendEncodedJson(request, reply.header("cache-control", CATALOGUE_CACHE).header("etag", etag), answer);
}

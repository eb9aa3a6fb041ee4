/**
 * Limits on what one client may make the server do a minute, whatever it asks for: create a basket or a
 * checkout (each a row kept for hours or days), or report a login attempt (each a call of the login
 * webhook). A route says so in its config (`clientLimit`); its requests are counted per client address
 * (`request.ip`, which honours TRUST_PROXY) and per verified token (`request.tokenId`), and the first request
 * over the budget is 429 TOO_MANY_REQUESTS with Retry-After (docs/decisions/027-rows-and-webhook-calls-bounded-per-client.md).
 *
 * Counted in a preHandler: after the token is verified and the request validated, before the handler
 * makes anything, so a burst of parallel requests is counted before any of them creates a row, and a
 * request refused as malformed costs the client nothing. With DATABASE_URL the counts live in PostgreSQL (the
 * rate-limit counters plugins/guess-limit keeps, through its store), so every API process counts against the
 * same numbers; on PGlite, where one process is all there is, in that process's memory, so a placed order
 * costs PGlite's one thread no extra statement (as plugins/guess-limit does).
 */
import type { Db } from "@app/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { type Hit, type HitCounter, type HitsCounter, postgresHitCounter } from "../guess-limit";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route whose requests cost the server a kept row or an outside call: limited per client (plugins/client-limit). */
    clientLimit?: ClientLimit;
  }
}

export type ClientLimit = {
  /** The budget's name; routes with the same name share one budget. */
  name: string;
  /** Requests a client gets a minute on this budget; the next is 429. */
  perMinute: number;
  /**
   * What a client is, in the order counted: a request refused by the first is not counted by the next, so a
   * flood of fresh tokens from one address leaves one counter a minute, not one per token.
   */
  by: readonly ClientKey[];
};

export type ClientKey = "address" | "token";

const MINUTE_MS = 60_000;

/** Keys the in-memory counter keeps at most; beyond, the oldest window goes first. */
const MEMORY_KEYS_KEPT = 100_000;

/** The one process's own counters (PGlite), bounded; the app's clock decides. */
export function memoryHitCounter(now: () => Date, keysKept = MEMORY_KEYS_KEPT): HitCounter {
  const windows = new Map<string, { count: number; endsAtMs: number }>();
  return async (key, windowMs) => {
    const nowMs = now().getTime();
    let window = windows.get(key);
    if (!window || window.endsAtMs <= nowMs) {
      windows.delete(key);
      if (windows.size >= keysKept) windows.delete(windows.keys().next().value as string);
      window = { count: 0, endsAtMs: nowMs + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, msLeft: window.endsAtMs - nowMs };
  };
}

export function registerClientLimit(
  api: FastifyInstance,
  { db, config, now }: { db: Db; config: Pick<Config, "databaseUrl">; now: () => Date },
): void {
  const countHits = config.databaseUrl ? postgresHitCounter(db) : inTurn(memoryHitCounter(now));
  api.addHook("onRoute", (route) => {
    const limit = route.config?.clientLimit;
    if (!limit) return;
    addPreHandler(route, async (request: FastifyRequest, reply: FastifyReply) => {
      const keys = limit.by.flatMap((by) => {
        const client = clientOf(request, by);
        return client === undefined ? [] : [`client:${limit.name}:${by}:${client}`];
      });
      const over = (await countHits(keys, MINUTE_MS, limit.perMinute)).find((hit) => hit.count > limit.perMinute);
      if (over) {
        const seconds = Math.max(1, Math.ceil(over.msLeft / 1000));
        reply.header("retry-after", String(seconds));
        throw tooManyRequests(seconds);
      }
    });
  });
}

/** Keys counted one after another, stopping after the first over the limit: a request it refuses counts no further. */
function inTurn(countHit: HitCounter): HitsCounter {
  return async (keys, windowMs, limit) => {
    const hits: Hit[] = [];
    for (const key of keys) {
      const hit = await countHit(key, windowMs);
      hits.push(hit);
      if (hit.count > limit) break;
    }
    return hits;
  };
}

/** The client's address, or the verified token's id; undefined on a route without a token. */
function clientOf(request: FastifyRequest, by: ClientKey): string | undefined {
  if (by === "address") return request.ip;
  return request.tokenId === "" ? undefined : request.tokenId;
}

function addPreHandler(route: RouteOptions, hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  const existing = route.preHandler;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route.preHandler = [...hooks, hook];
}

const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    "invalid",
    "TOO_MANY_REQUESTS",
    `Too many requests of this kind from this client; try again in ${retryAfterSeconds} s`,
    undefined,
    { status: 429 },
  );

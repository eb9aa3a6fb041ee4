/**
 * Limits on what one client may make the server do a minute, whatever it asks for: create a basket or a
 * checkout (each a row kept for hours or days), or report a login attempt (each a call of the login
 * webhook). A route says so in its config (`clientLimit`); its requests are counted per client address
 * (`request.ip`, which honours TRUST_PROXY) and per verified token (`request.tokenId`), and the first request
 * over the budget is 429 TOO_MANY_REQUESTS with Retry-After (docs/decisions/027-rows-and-webhook-calls-bounded-per-client.md).
 *
 * Counted in a preHandler: after the token is verified and the request validated, before the handler
 * makes anything, so a burst of parallel requests is counted before any of them creates a row, and a
 * request refused as malformed costs the client nothing. The counts live in the database (the rate-limit
 * counters plugins/guess-limit keeps, through its store), so every API process on one PostgreSQL counts
 * against the same numbers; on PGlite the one process counts in its own database the same way.
 */
import type { Db } from "@app/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { AppError } from "../../errors";
import { postgresRateLimitStore } from "../guess-limit";

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

/** Counts one hit of `key` in a window of `windowMs` from its first hit: the count so far and the ms left. */
type HitCounter = (key: string, windowMs: number) => Promise<{ count: number; msLeft: number }>;

/** The rate-limit counters' store (rate_limit_counter), in PostgreSQL and PGlite alike. */
function databaseHitCounter(db: Db): HitCounter {
  const store = new (postgresRateLimitStore(db))();
  return (key, windowMs) =>
    new Promise((resolve, reject) =>
      store.incr(
        key,
        (error, result) => (error ? reject(error) : resolve({ count: result?.current ?? 0, msLeft: result?.ttl ?? 0 })),
        windowMs,
      ),
    );
}

export function registerClientLimit(api: FastifyInstance, { db }: { db: Db }): void {
  const countHit = databaseHitCounter(db);
  api.addHook("onRoute", (route) => {
    const limit = route.config?.clientLimit;
    if (!limit) return;
    addPreHandler(route, async (request: FastifyRequest, reply: FastifyReply) => {
      for (const by of limit.by) {
        const client = clientOf(request, by);
        if (client === undefined) continue;
        const { count, msLeft } = await countHit(`client:${limit.name}:${by}:${client}`, MINUTE_MS);
        if (count > limit.perMinute) {
          const seconds = Math.max(1, Math.ceil(msLeft / 1000));
          reply.header("retry-after", String(seconds));
          throw tooManyRequests(seconds);
        }
      }
    });
  });
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

/**
 * Limits on guessing: a client that tries discount codes, gift-card codes or login passwords gets at
 * most `rateLimitTriesPerMinute` (default 10) WRONG tries a minute, counted per client address and per
 * bearer token, on each kind of code; the next try is 429 TOO_MANY_TRIES with Retry-After, whatever it
 * holds, until the minute is over. Right tries cost nothing, so a guest who checks their one code
 * again and again, or many guests behind one office address, are never locked out by their own use.
 *
 * Every try is counted before its code is looked up, and the right ones are credited back after:
 * wrong = tries − rights. Counting only after the answer would let a burst of parallel guesses all
 * through before the first one was counted, and tell the right code apart by its answer.
 *
 * The counting is @fastify/rate-limit's (its limiters, and their `increment: false` peek), in its
 * memory store, or in PostgreSQL when DATABASE_URL is set, so several API processes share the counts.
 * Keys name their calendar minute (by the app's clock), so tries and rights are always counted in the
 * same window.
 */
import { createHash } from "node:crypto";
import type { Db } from "@app/db";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { postgresRateLimitStore } from "./postgres-store";

/** The shared counters' store, for other per-client limits (plugins/client-limit). */
export { postgresRateLimitStore };

declare module "fastify" {
  interface FastifyContextConfig {
    /** A route where a client tries a code: its wrong tries are limited (plugins/guess-limit). */
    guessing?: GuessingRoute;
  }
}

export type GuessingRoute = {
  /** Each kind of code has its own budget of wrong tries. */
  kind: "discount" | "giftcard" | "login";
  /** Whether the answer was a right try (default: any 2xx). */
  isRight?: (request: FastifyRequest, statusCode: number) => boolean;
};

type Who = { kind: string; minute: number; address: string; token: string };
type Counter = (request: FastifyRequest, options?: { increment: boolean }) => Promise<number>;

const MINUTE_MS = 60_000;
/** Long enough to outlive the minute its key names; the key changes with the minute anyway. */
const COUNTER_WINDOW_MS = 2 * MINUTE_MS;
/** The limiters only count; the verdict is ours (wrong = tries − rights), so their own max is never reached. */
const NEVER_REACHED = 2_147_483_647;

export async function registerGuessLimit(
  api: FastifyInstance,
  { db, config, now }: { db: Db; config: Config; now: () => Date },
): Promise<void> {
  await api.register(rateLimit, {
    global: false,
    cache: 50_000,
    ...(config.databaseUrl && { store: postgresRateLimitStore(db) }),
  });
  const who = new WeakMap<FastifyRequest, Who>();
  const counter = (name: "tries" | "rights", by: "address" | "token"): Counter => {
    const limiter = api.createRateLimit({
      max: NEVER_REACHED,
      timeWindow: COUNTER_WINDOW_MS,
      keyGenerator: (request) => {
        const it = who.get(request) as Who;
        return `guess:${it.kind}:${name}:${by}:${it[by]}:${it.minute}`;
      },
    });
    return async (request, options) => {
      const result = await limiter(request, options);
      return result.isAllowed ? 0 : NEVER_REACHED - result.remaining;
    };
  };
  const tries = [counter("tries", "address"), counter("tries", "token")];
  const rights = [counter("rights", "address"), counter("rights", "token")];

  async function countTry(request: FastifyRequest, reply: FastifyReply, kind: string): Promise<void> {
    const nowMs = now().getTime();
    who.set(request, { kind, minute: Math.floor(nowMs / MINUTE_MS), address: request.ip, token: tokenOf(request) });
    const [triesByAddress = 0, triesByToken = 0, rightsByAddress = 0, rightsByToken = 0] = await Promise.all([
      ...tries.map((count) => count(request)),
      ...rights.map((count) => count(request, { increment: false })),
    ]);
    const wrong = Math.max(triesByAddress - rightsByAddress, triesByToken - rightsByToken);
    if (wrong > config.rateLimitTriesPerMinute) {
      const secondsLeft = Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000);
      reply.header("retry-after", String(secondsLeft));
      throw tooManyTries(secondsLeft);
    }
  }

  api.addHook("onRoute", (route) => {
    const guessing = route.config?.guessing;
    if (!guessing) return;
    const isRight = guessing.isRight ?? ((_request, statusCode) => statusCode >= 200 && statusCode < 300);
    addHook(route, "preHandler", async (request: FastifyRequest, reply: FastifyReply) =>
      countTry(request, reply, guessing.kind),
    );
    addHook(route, "onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (who.has(request) && isRight(request, reply.statusCode)) {
        await Promise.all(rights.map((count) => count(request)));
      }
      return payload;
    });
  });
}

/** The token's digest: a key must not carry the credential itself (the counters may sit in the database). */
function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? "";
  return createHash("sha256").update(header).digest("base64url").slice(0, 22);
}

function addHook(route: RouteOptions, name: "preHandler" | "onSend", hook: unknown): void {
  const existing = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[name] = [...hooks, hook];
}

const tooManyTries = (retryAfterSeconds: number) =>
  new AppError("invalid", "TOO_MANY_TRIES", `Too many wrong tries; try again in ${retryAfterSeconds} s`, undefined, {
    status: 429,
  });

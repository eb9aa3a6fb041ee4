/**
 * Limits on guessing (decisions 013 and 026): a client that tries discount codes or gift-card codes
 * gets at most `rateLimitTriesPerMinute` (default 10) WRONG tries a minute on each kind of code,
 * counted per verified token and per client address; then 429 TOO_MANY_TRIES with Retry-After until the
 * minute is over. Right tries cost nothing, a 429 costs nothing, and one token's wrong tries are charged to
 * its address only up to half the limit, so one guesser (or one guest who mistypes) cannot lock out the other
 * guests behind an office's or a phone network's address; it takes two guessing tokens.
 *
 * A place is reserved before the code is looked up, and given back when the answer is right. Counting only
 * after the answer would let a burst of parallel guesses all be looked up, and tell the right code apart by
 * its answer. A try that finds the places taken only by tries still in flight waits for them (they take
 * milliseconds): so 25 guests checking their right code at once all get their answer.
 *
 * The counters live in this process's memory, or in PostgreSQL when DATABASE_URL is set, so several API
 * processes share them. Keys name their calendar minute (by the app's clock), and a try is settled in the
 * minute it was reserved in.
 */
import type { Db } from "@app/db";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { type CounterKeys, type CounterStore, memoryCounterStore } from "./memory-store";
import { postgresCounterStore } from "./postgres-store";
import { decideTry, type GuessLimits, guessLimits, reservationOf, settlementOf, type TryVerdict } from "./rules";

/** The shared counters' store, for other per-client limits (plugins/client-limit). */
export { type Hit, type HitCounter, type HitsCounter, postgresHitCounter } from "./postgres-store";

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

const MINUTE_MS = 60_000;
/**
 * How long a try waits for the tries in flight before it is refused after all (429, Retry-After 1): far
 * longer than a lookup takes, short enough that a client is not held when one never ends (a process killed
 * mid-lookup leaves its reservation counted until the minute is over).
 */
const WAIT_FOR_TRIES_IN_FLIGHT_MS = 5_000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/** A try that got its place: settle it once its answer is known. */
export type ReservedTry = { minute: number; keys: CounterKeys; chargedToAddress: boolean };

/**
 * The limits as calls, for a use case that knows better than a route's status whether a try was right
 * (staff sign-in: `who` is the account's email, not a guest's token). Same counters, same rules.
 */
export type GuessLimiter = {
  /** Reserves a place for one try of `kind` by `who` from `address`; 429 TOO_MANY_TRIES (with Retry-After) when full. */
  reserve(kind: string, who: string, address: string): Promise<ReservedTry>;
  /** A wrong try stays counted; a right one gives its place back. Call it once per reserved try. */
  settle(reserved: ReservedTry, right: boolean): Promise<void>;
};

export function createGuessLimiter({ db, config, now }: { db: Db; config: Config; now: () => Date }): GuessLimiter {
  const store = config.databaseUrl ? postgresCounterStore(db) : memoryCounterStore();
  const limits = guessLimits(config.rateLimitTriesPerMinute);
  return {
    async reserve(kind, who, address) {
      const nowMs = now().getTime();
      const minute = Math.floor(nowMs / MINUTE_MS);
      const keys = counterKeys(kind, minute, who, address);
      const verdict = await awaitVerdict(store, minute, keys, limits);
      if (verdict.verdict === "look-up") return { minute, keys, chargedToAddress: verdict.chargedToAddress };
      throw tooManyTries(verdict.verdict === "refuse" ? Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000) : 1);
    },
    async settle(reserved, right) {
      const add = settlementOf(reserved.chargedToAddress, right);
      await store.update(reserved.minute, reserved.keys, () => ({ add, answer: undefined }));
    },
  };
}

export async function registerGuessLimit(
  api: FastifyInstance,
  deps: { db: Db; config: Config; now: () => Date },
): Promise<void> {
  const limiter = createGuessLimiter(deps);
  const reservations = new WeakMap<FastifyRequest, ReservedTry>();

  async function reserveTry(request: FastifyRequest, kind: GuessingRoute["kind"]) {
    reservations.set(request, await limiter.reserve(kind, request.tokenId, request.ip));
  }

  /** Once per looked-up try: the first answer that settles it wins (the onResponse fallback finds nothing left). */
  async function settleTry(request: FastifyRequest, right: boolean): Promise<void> {
    const reservation = reservations.get(request);
    if (!reservation) return;
    reservations.delete(request);
    await limiter.settle(reservation, right);
  }

  api.addHook("onRoute", (route) => {
    const guessing = route.config?.guessing;
    if (!guessing) return;
    if (route.config?.public) {
      // Without a token every client would share one token budget: one guesser would lock out everyone.
      throw new Error(
        `${route.method} ${route.url}: a guessing route needs the guest's token (limits count per token)`,
      );
    }
    const isRight = guessing.isRight ?? ((_request, statusCode) => statusCode >= 200 && statusCode < 300);
    addHook(route, "preHandler", async (request: FastifyRequest) => reserveTry(request, guessing.kind));
    // Settled before the answer leaves, so the client's next try already sees it.
    addHook(route, "onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      await settleTry(request, isRight(request, reply.statusCode));
      return payload;
    });
    // A try whose answer was never sent (the client went away) counts as wrong: it was looked up.
    addHook(route, "onResponse", async (request: FastifyRequest) => settleTry(request, false));
  });
}

/** Decides the try, waiting while only tries in flight stand in its way. */
async function awaitVerdict(
  store: CounterStore,
  minute: number,
  keys: CounterKeys,
  limits: GuessLimits,
): Promise<Exclude<TryVerdict, { verdict: "wait" }> | { verdict: "gave-up" }> {
  // Wrong tries only grow within a minute: a try the settled counts already refuse (a flood at a locked address)
  // needs no lock and leaves no counter behind.
  if (decideTry(await store.read(minute, keys), limits).verdict === "refuse") return { verdict: "refuse" };
  const deadline = performance.now() + WAIT_FOR_TRIES_IN_FLIGHT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    const verdict = await store.update(minute, keys, (counts) => {
      const decided = decideTry(counts, limits);
      return { add: decided.verdict === "look-up" ? reservationOf(decided.chargedToAddress) : {}, answer: decided };
    });
    if (verdict.verdict !== "wait") return verdict;
    if (performance.now() + pause > deadline) return { verdict: "gave-up" };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * The counters of a try. The token is the verified token's id (its `jti`, plugins/auth), not the header's text:
 * `bearer`, `BEARER` or extra spaces are the same guest. Neither it nor an address is a credential.
 */
function counterKeys(kind: string, minute: number, who: string, address: string): CounterKeys {
  const prefix = `guess:${kind}:${minute}`;
  return {
    tokenWrong: `${prefix}:token-wrong:${who}`,
    tokenInFlight: `${prefix}:token-in-flight:${who}`,
    addressWrong: `${prefix}:address-wrong:${address}`,
    addressInFlight: `${prefix}:address-in-flight:${address}`,
    tokenAtAddress: `${prefix}:token-at-address:${who}:${address}`,
  };
}

function addHook(route: RouteOptions, name: "preHandler" | "onSend" | "onResponse", hook: unknown): void {
  const existing = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[name] = [...hooks, hook];
}

const tooManyTries = (retryAfterSeconds: number) =>
  new AppError("invalid", "TOO_MANY_TRIES", `Too many wrong tries; try again in ${retryAfterSeconds} s`, undefined, {
    status: 429,
    retryAfterSeconds,
  });

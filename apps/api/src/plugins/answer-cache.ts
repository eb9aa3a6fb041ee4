/**
 * Public answers kept in memory as the bytes they are sent as (docs/decisions/021-one-caching-story.md).
 *
 * A route opts in with `config: { cache: { cacheControl } }`: its answer must depend only on its method, URL,
 * JSON body, the token's production unit, and database rows whose changes move the change feed's generation
 * (migrations 0002, 0006, 0008) — and, for prices, the restaurant's weekday: such a route sets
 * `reply.cacheUntilMs`. That config is the only list of cached routes: `AnswerCache.register` (on the root
 * instance, before any route) gives exactly those routes their hooks (Fastify's onRoute), which run after
 * every hook of the scopes around them, so a token is verified by the auth hook first.
 *
 * - onRequest (a GET) or preValidation (a POST: its body, as parsed, is part of the key): a kept answer of the
 *   current generation is sent through `reply` with its ETag (304 to a matching If-None-Match), Cache-Control and
 *   the encoding the client accepts; otherwise validation and the handler run. A POST's kept answer needs no
 *   second validation: only a 200 is kept, so the same body sent to the same URL passed it when it was kept.
 * - onSend: a 200 is kept, pre-encoded (EncodedJson), under the generation read before the handler ran — not
 *   at all when the feed moved meanwhile or is not live — and sent the way a kept one is.
 *
 * Identical requests that miss at once (fifty phones opening a product nobody opened since the last edit)
 * run the handler once: the others wait for its answer. Cached routes log at `warn` (the route's `logLevel`; a
 * line a minute counts the answers sent from memory), so a hit writes nothing; every hook before this one is
 * synchronous (callback style), so a hit is answered in the request's own tick.
 */
import { createHash } from "node:crypto";
import type { ChangeFeed } from "@app/db";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from "fastify";
import { z } from "zod";
import { EncodedJson } from "../shared/encoded-json";

declare module "fastify" {
  interface FastifyInstance {
    /** The answers kept in memory (figures for tests and operations). */
    answerCache: AnswerCache;
  }
  interface FastifyContextConfig {
    /** The answer is kept in memory (plugins/answer-cache.ts): read its promise there first. */
    cache?: CachePolicy;
  }
  interface FastifyReply {
    /** When a cached route's answer stops being true by the clock alone (epoch ms): the restaurant's midnight. */
    cacheUntilMs: number | undefined;
  }
}

export type CachePolicy = { cacheControl: string };

/** The catalogue changes rarely: browsers and proxies may reuse it for a minute. */
export const CATALOGUE_CACHE: CachePolicy = { cacheControl: "public, max-age=60" };
/** Stock, modules and settings change at any time: a client revalidates every time (cheap with the ETag). */
export const REVALIDATE: CachePolicy = { cacheControl: "no-cache" };

/** Response schema of the 304 a matching If-None-Match gets. */
export const NotModified = z.null().describe("Not modified: the copy named in If-None-Match is current (no body)");

/**
 * A catalogue answer's ETag: its kind, the instance and its catalogue_version (kept by database triggers, the
 * same in every process), and the weekday when prices depend on it. A route without one is named by its bytes.
 */
export function versionEtag(kind: string, instanceId: number, version: number, isoWeekday?: number): string {
  const day = isoWeekday === undefined ? "" : `-wd${isoWeekday}`;
  return `W/"${kind}-${instanceId}-v${version}${day}"`;
}

/** True when one of the If-None-Match tags (weak comparison, or "*") is this ETag (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

type Kept = {
  etag: string;
  /** ETag and Cache-Control, as a GET's answer sends them. */
  cachingHeaders: Record<string, string>;
  json: EncodedJson;
  /** It holds from when it was read (a clock set back, in tests, goes before it) until the clock ends it. */
  readAtMs: number;
  untilMs: number;
};

/**
 * A request that missed: its key, the generation before the handler read anything, and (the first of its key)
 * what lets identical requests waiting for it go on.
 */
type Miss = { key: string; generation: number; done: () => void };

/** Every kept answer is JSON, and comes in the encoding the client accepts. */
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", vary: "accept-encoding" };

export type AnswerCacheOptions = {
  feed: ChangeFeed;
  now: () => Date;
  maxEntries?: number;
  maxBytes?: number;
};

export class AnswerCache {
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;
  private generation = -1;
  /** Keys whose handler runs now, with what resolves when its answer has been sent. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly misses = new WeakMap<FastifyRequest, Miss>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** Answers sent from memory since the last count line, and in all. */
  private hitsSinceCount = 0;
  hits = 0;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /** Answers kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Hooks for the routes whose config asks for caching; register on the root instance before any route. */
  register(app: FastifyInstance): void {
    app.decorateReply("cacheUntilMs", undefined);
    app.addHook("onRoute", (route) => {
      if (!route.config?.cache || (route.method !== "GET" && route.method !== "POST")) return;
      // A cached read is most of a lunch rush's requests: its line per request would be most of the work.
      // (Fastify fills in the scope's level, "" by default, before onRoute.)
      route.logLevel ||= "warn";
      addHook(route, route.method === "GET" ? "onRequest" : "preValidation", this.answerKept);
      addHook(route, "onSend", this.keep);
    });
    this.countHits(app);
  }

  /**
   * Sends the kept answer, or lets the handler run: after an identical request's handler, when one runs, but
   * once only (an answer that was not kept, a 404, is read by each waiting request itself, not one by one).
   * Callback style: a hit ends here without calling `done`, so nothing after it runs.
   */
  private readonly answerKept = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
    this.answerOrRun(request, reply, done, true);

  private answerOrRun(request: FastifyRequest, reply: FastifyReply, done: () => void, mayWait: boolean): void {
    const key = keyOf(request);
    const kept = this.lookUp(key);
    if (kept) {
      this.hits++;
      this.hitsSinceCount++;
      send(request, reply, kept);
      return;
    }
    // While the feed is not live nothing is kept: no request waits for another.
    if (!this.options.feed.live) {
      done();
      return;
    }
    const running = this.running.get(key);
    if (running && mayWait) {
      void running.then(() => this.answerOrRun(request, reply, done, false));
      return;
    }
    const miss: Miss = { key, generation: this.options.feed.generation, done: () => {} };
    this.misses.set(request, miss);
    if (!running) this.leadMiss(miss, reply);
    done();
  }

  /** The first request of a key to miss: identical ones wait until its answer has been sent. */
  private leadMiss(miss: Miss, reply: FastifyReply): void {
    this.running.set(miss.key, new Promise((resolve) => (miss.done = resolve)));
    // 'close' comes once the answer was sent, and also when the client went away first.
    reply.raw.once("close", () => this.finish(miss));
  }

  /** onSend of a miss: keeps a 200 when nothing changed while it was read, and sends it as a kept one. */
  private readonly keep = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => {
    const miss = this.misses.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== "string") return done(null, payload);
    const etag = (reply.getHeader("etag") as string | undefined) ?? hashEtag(payload);
    const cacheControl = request.routeOptions.config.cache?.cacheControl ?? REVALIDATE.cacheControl;
    const kept: Kept = {
      etag,
      cachingHeaders: { etag, "cache-control": cacheControl },
      json: new EncodedJson(payload),
      readAtMs: this.options.now().getTime(),
      untilMs: reply.cacheUntilMs ?? Number.POSITIVE_INFINITY,
    };
    const { feed } = this.options;
    if (feed.live && feed.generation === miss.generation) this.put(miss.key, kept);
    done(null, send(request, reply, kept, false));
  };

  private finish(miss: Miss): void {
    this.running.delete(miss.key);
    miss.done();
  }

  /** The kept answer of `key` while it is current; forgets everything once the feed's generation moved. */
  private lookUp(key: string): Kept | undefined {
    const { feed } = this.options;
    if (!feed.live) return undefined;
    if (this.generation !== feed.generation) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = feed.generation;
    }
    const kept = this.entries.get(key);
    if (kept === undefined || kept.untilMs === Number.POSITIVE_INFINITY) return kept;
    const nowMs = this.options.now().getTime();
    return nowMs >= kept.readAtMs && nowMs < kept.untilMs ? kept : undefined;
  }

  private put(key: string, kept: Kept): void {
    if (this.generation !== this.options.feed.generation) return;
    const cost = key.length + kept.json.length;
    if (cost > this.maxBytes) return;
    this.drop(key);
    while (this.entries.size >= this.maxEntries || this.bytes + cost > this.maxBytes) {
      this.drop(this.entries.keys().next().value as string);
    }
    this.entries.set(key, kept);
    this.bytes += cost;
  }

  private drop(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.bytes -= key.length + kept.json.length;
  }

  private countHits(app: FastifyInstance): void {
    const log: FastifyBaseLogger = app.log;
    const counting = setInterval(() => {
      if (this.hitsSinceCount === 0) return;
      log.info(
        { fromMemory: this.hitsSinceCount, kept: this.entries.size },
        "answers sent from memory in the last minute",
      );
      this.hitsSinceCount = 0;
    }, 60_000);
    counting.unref();
    app.addHook("onClose", async () => clearInterval(counting));
  }
}

/**
 * What a cached answer may depend on: method, URL, the token's production unit (0 on a public route) and, for
 * a POST, the body as parsed (before validation: bodies that validate alike but are written apart are kept apart). Origin (CORS), X-Forwarded-Proto (HSTS) and the trace id are set by the hooks
 * before this one, per request; Accept-Encoding and If-None-Match are decided when sending.
 */
function keyOf(request: FastifyRequest): string {
  const base = `${request.method} ${request.url} ${request.productionUnitId}`;
  return request.method === "GET" ? base : `${base} ${JSON.stringify(request.body)}`;
}

/**
 * The answer in the encoding the client accepts; a GET's with its ETag and Cache-Control, and 304 when the
 * client holds it (a POST's answer is kept in memory, not by HTTP caches). Sent through `reply` on a hit; on a
 * miss handed back to onSend as its payload.
 */
function send(request: FastifyRequest, reply: FastifyReply, kept: Kept, viaReply = true) {
  if (request.method === "GET") {
    reply.headers(kept.cachingHeaders);
    if (matchesIfNoneMatch(request.headers["if-none-match"], kept.etag)) {
      reply.code(304);
      return viaReply ? reply.send() : null;
    }
  }
  const encoding = kept.json.encodingFor(request.headers["accept-encoding"]);
  const vary = reply.getHeader("vary");
  reply.headers(vary ? { ...JSON_HEADERS, vary: `${vary}, accept-encoding` } : JSON_HEADERS);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  const body = kept.json.body(encoding);
  return viaReply ? reply.send(body) : body;
}

function hashEtag(json: string): string {
  return `W/"${createHash("sha1").update(json).digest("base64url")}"`;
}

function addHook(route: RouteOptions, name: "onRequest" | "preValidation" | "onSend", hook: unknown): void {
  const existing = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[name] = [...hooks, hook as onRequestHookHandler];
}

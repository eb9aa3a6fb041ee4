/**
 * Menu reads answered from memory before Fastify sees them (issue 12: a lunch rush is hundreds of phones
 * asking for the same menu at once).
 *
 * A route marked `config: { replay: true }` promises that its answer depends on nothing but the request's
 * method, URL, body, production unit (from the bearer token), accepted encoding, Origin, If-None-Match and
 * X-Forwarded-Proto, and on database rows the change feed covers (packages/db/src/change-feed.ts), until
 * `reply.replayUntilMs` when the route set one (prices follow the restaurant's weekday). Its 200 and 304
 * answers are captured as they are sent, whole: status, every header the hooks and the route set (security
 * headers, CORS, ETag, Cache-Control, Vary, Content-Encoding), and the body bytes. The next identical
 * request is answered with them straight from the HTTP server's request listener: no routing, hooks,
 * validation or serialization, only a new trace id; from the second replay on, even the head Node wrote
 * for the first is reused (KeptHead). Everything captured is dropped as soon as the feed's
 * generation moves, and nothing is captured or replayed while the feed is not live.
 *
 * Only a token already verified (and not expired) counts: any other request goes through Fastify as
 * usual, which verifies it. A POST body is read here first (up to the API's body limit) to be part of the
 * key; on a miss it is handed on to Fastify through a preParsing hook.
 *
 * A guest's basket and checkout (decision 015) are replayed the same way, but their answers depend on rows
 * that change all the time: the route names what its answer was read from (`reply.replayTags`, as the
 * row-level notifications of migration 0007 tag them), and only those answers are dropped when such a row
 * changes. An answer whose rows changed while it was being read is not kept. A request that may have
 * written waits, before its answer is sent, until this process has heard of its changes (`feed.settle`),
 * so the guest's next read here never gets an answer from before the write.
 *
 * Identical requests that miss at once (fifty phones opening a product nobody opened since the last edit) are
 * read by Fastify once: the others wait for that answer and are replayed it, or go on to Fastify when it was
 * not kept.
 *
 * Replayed answers write no log line each (at lunch-rush rates that would be most of the work): a line
 * every minute counts them.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ChangeFeed } from "@app/db";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../shared/encoded-json";
import type { TokenService, VerifiedToken } from "./auth";

declare module "fastify" {
  interface FastifyInstance {
    /** What the server answers from memory (figures for tests and operations). */
    answerReplay: AnswerReplay;
  }
  interface FastifyContextConfig {
    /** The answer may be replayed from memory (plugins/answer-replay.ts): read its promise there first. */
    replay?: boolean;
  }
  interface FastifyReply {
    /** When a replayable answer stops being true by the clock alone (epoch ms); none: until the data changes. */
    replayUntilMs?: number;
    /** The row-change tags (migration 0007) of the guest data the answer was read from. */
    replayTags?: readonly string[];
  }
}

type Captured = {
  /** Set once the answer is no longer kept: a connection's memo of it (LastReplayed) is then void. */
  dropped?: boolean;
  /** The head Node wrote for it on a keep-alive connection (see KeptHead); from its first replay on. */
  head?: KeptHead;
  status: number;
  /** Flat [name, value, name, value, …] as writeHead takes it; the trace id's value is replaced per request. */
  headers: string[];
  traceIdAt: number;
  body: Buffer;
  untilMs: number;
  tags: readonly string[];
};

const PRE_READ_BODY = Symbol("preReadBody");
const SENT = Symbol("sent");
const KEY = Symbol("replayKey");
const LAST_REPLAYED = Symbol("lastReplayed");
/**
 * What a connection was last answered from memory, by the request's very strings: a client repeating a
 * request on its connection (polling, pipelining) is matched by comparing them, without the token lookup,
 * key building and hashing of a full lookup.
 */
type LastReplayed = {
  /** The request body as read for the key ("" for a GET; at most MEMO_BODY_LIMIT). */
  body: string;
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  acceptEncoding: string | undefined;
  origin: string | undefined;
  ifNoneMatch: string | undefined;
  forwardedProto: string | undefined;
  captured: Captured;
  /** The answer's end or the token's expiry, whichever comes first. */
  untilMs: number;
};
type RawSocket = { [LAST_REPLAYED]?: LastReplayed };
/** A context call of a whole menu's product ids is ~1 KB. */
const MEMO_BODY_LIMIT = 4096;
/** The key a request was started under, and where the feed stood before any database read. */
type StartedKey = { key: string; generation: number; rowSequence: number };
type RawRequest = IncomingMessage & { [PRE_READ_BODY]?: Buffer; [KEY]?: StartedKey };

export type AnswerReplayOptions = {
  feed: ChangeFeed;
  tokens: Pick<TokenService, "peek">;
  now: () => Date;
  bodyLimit: number;
  maxEntries?: number;
  maxBytes?: number;
};

/** Headers Node writes itself for every answer, or that describe this one connection. */
const NOT_REPLAYED = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);
/** The paths of the routes marked replay: only these are looked up before Fastify. */
const REPLAYED_GETS =
  /^\/api\/(?:menu|label|category\/menu\/[^/?]+|product\/[^/?]+|blocked(?:Product|Choice)|module\/domain\/[^/?]+|module\/[^/?]+\/module|frontend\/module\/[^/?]+|basket\/[^/?]+|checkout\/[^/?]+)(?:\?|$)/;
const REPLAYED_POSTS = /^\/api\/context(?:\?|$)/;
/** Methods that never write: only the others wait for their changes to be heard. */
const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class AnswerReplay {
  private readonly entries = new Map<string, Captured>();
  /** The keys of the answers read from rows of each tag. */
  private readonly keysOfTag = new Map<string, Set<string>>();
  private bytes = 0;
  private generation = -1;
  private replayed = 0;
  private replayedInAll = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: AnswerReplayOptions) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    options.feed.rows.onChange((tag) => this.forgetTag(tag));
  }

  /** Answers kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Requests answered from memory since the start. */
  get replayedCount(): number {
    return this.replayedInAll;
  }

  /** The HTTP server's request listener: replays what it can, hands everything else to Fastify's `handler`. */
  listener(handler: RequestListener): RequestListener {
    return (req, res) => {
      const raw = req as RawRequest;
      if (!this.mayReplay(raw)) return handler(req, res);
      if (raw.method === "GET") return this.answer(raw, res, "", () => handler(req, res));
      this.readBody(raw, (body) => {
        if (body === undefined) return handler(req, res);
        this.answer(raw, res, body.toString("latin1"), () => {
          raw[PRE_READ_BODY] = body;
          handler(req, res);
        });
      });
    };
  }

  /**
   * Replays the answer; or, when Fastify is reading the very same answer for another request (fifty phones
   * opening a product nobody opened since the last edit), waits for it and replays that, so the database is
   * read once, not fifty times; or hands the request on.
   */
  private answer(req: RawRequest, res: ServerResponse, body: string, handOn: () => void): void {
    const missed = this.replay(req, res, body);
    if (missed === SENT) return;
    if (missed === undefined) {
      handOn();
      return;
    }
    const waiting = this.running.get(missed);
    if (waiting) {
      waiting.push(() => {
        if (this.replay(req, res, body) !== SENT) handOn();
      });
      return;
    }
    this.running.set(missed, []);
    // 'close' comes once the answer was captured and sent, and also when the client went away first.
    res.once("close", () => {
      const retries = this.running.get(missed) ?? [];
      this.running.delete(missed);
      for (const retry of retries) retry();
    });
    handOn();
  }

  /** The keys Fastify is reading an answer for now, with the requests waiting for it. */
  private readonly running = new Map<string, (() => void)[]>();

  /**
   * Fastify's side: hands on bodies read here, and captures the answers of routes marked replay. The caller
   * also decorates the app with it (`answerReplay`).
   */
  register(app: FastifyInstance, log: FastifyBaseLogger): void {
    app.addHook("preParsing", async (request, _reply, payload) => {
      const body = (request.raw as RawRequest)[PRE_READ_BODY];
      return body === undefined ? payload : Readable.from([body]);
    });
    app.addHook("onRequest", async (request) => {
      if (request.routeOptions.config?.replay) (request.raw as RawRequest)[KEY] = this.keyAtStart(request);
    });
    app.addHook("onSend", async (request, reply, payload) => {
      // Replayed routes only read (a checkout's refresh writes what its own answer already shows).
      if (request.routeOptions.config?.replay) this.capture(request, reply, payload);
      else if (!READ_ONLY_METHODS.has(request.method)) await this.options.feed.settle();
      return payload;
    });
    const counting = setInterval(() => {
      if (this.replayed === 0) return;
      log.info(
        { replayed: this.replayed, kept: this.entries.size },
        "menu reads answered from memory in the last minute",
      );
      this.replayed = 0;
    }, 60_000);
    counting.unref();
    app.addHook("onClose", async () => clearInterval(counting));
  }

  private mayReplay(req: RawRequest): boolean {
    if (req.method === "GET") return REPLAYED_GETS.test(req.url ?? "");
    return req.method === "POST" && REPLAYED_POSTS.test(req.url ?? "");
  }

  /** Sends the kept answer (SENT); else the key the request missed under, or undefined when it has none. */
  private replay(req: RawRequest, res: ServerResponse, body: string): typeof SENT | string | undefined {
    if (!this.current()) return undefined;
    const socket = req.socket as unknown as RawSocket;
    const last = socket[LAST_REPLAYED];
    if (last && !last.captured.dropped && sameRequest(last, req, body)) {
      if (last.untilMs !== Number.POSITIVE_INFINITY && last.untilMs <= this.options.now().getTime()) return undefined;
      this.send(res, last.captured);
      return SENT;
    }
    const token = this.tokenOf(req.headers.authorization);
    if (token === undefined) return undefined;
    const key = this.keyOf(req, body, token);
    const found = this.entries.get(key);
    if (!found) return key;
    const untilMs = Math.min(found.untilMs, token?.expiresAtMs ?? Number.POSITIVE_INFINITY);
    // An answer past its end is read anew by Fastify, once for all who ask meanwhile.
    if (untilMs !== Number.POSITIVE_INFINITY && untilMs <= this.options.now().getTime()) return key;
    this.send(res, found);
    // A connection keeps its last request for as long as it lives: a long body is not worth keeping.
    if (body.length <= MEMO_BODY_LIMIT) socket[LAST_REPLAYED] = lastReplayed(req, body, found, untilMs);
    return SENT;
  }

  private send(res: ServerResponse, captured: Captured): void {
    const traceId = this.traceIds.next();
    const out = res as ServerResponse & NodeResponseState;
    if (captured.head !== undefined && mayUseKeptHead(out)) {
      out.statusCode = captured.status;
      const { beforeTraceId, beforeDate, afterDate } = captured.head;
      out._header = beforeTraceId + traceId + beforeDate + httpDate() + afterDate;
    } else {
      // writeHead copies the headers out at once: the kept array can carry this answer's trace id meanwhile.
      captured.headers[captured.traceIdAt] = traceId;
      res.writeHead(captured.status, captured.headers);
      captured.head ??= keptHead(out, traceId);
    }
    res.end(captured.status === 304 ? undefined : captured.body);
    this.replayed++;
    this.replayedInAll++;
  }

  private readonly traceIds = new TraceIds();

  /** Reads a JSON body of a known length within the limit; anything else goes to Fastify unread (undefined). */
  private readBody(req: RawRequest, done: (body: Buffer | undefined) => void): void {
    const length = Number(req.headers["content-length"]);
    const json = /^application\/json\b/i.test(req.headers["content-type"] ?? "");
    if (!json || !Number.isInteger(length) || length < 0 || length > this.options.bodyLimit) {
      done(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let finished = false;
    // What arrived, also when the client gave up half way: Fastify then answers it as the broken request it is.
    const finish = () => {
      if (finished) return;
      finished = true;
      done(Buffer.concat(chunks));
    };
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", finish);
    req.once("error", finish);
  }

  /** The key of the request as Fastify started it, under the generation before any database read. */
  private keyAtStart(request: FastifyRequest): StartedKey | undefined {
    if (!this.options.feed.live) return undefined;
    const raw = request.raw as RawRequest;
    const body = raw[PRE_READ_BODY];
    if (raw.method === "POST" && body === undefined) return undefined;
    const token = this.tokenOf(raw.headers.authorization);
    if (token === undefined) return undefined;
    const key = this.keyOf(raw, body ? body.toString("latin1") : "", token);
    const { feed } = this.options;
    return { key, generation: feed.generation, rowSequence: feed.rows.sequence };
  }

  private capture(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const started = (request.raw as RawRequest)[KEY];
    if (started === undefined || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
    if (!this.current() || started.generation !== this.generation) return;
    const tags = reply.replayTags ?? [];
    if (tags.length > 0 && this.options.feed.rows.changedSince(tags, started.rowSequence)) return;
    const body = toBuffer(payload);
    if (body === undefined) return;
    const headers: string[] = [];
    let traceIdAt = -1;
    // Names as the hooks wrote them (helmet's are capitalized), so the replayed bytes are Fastify's own.
    const rawNames = (reply.raw as unknown as { getRawHeaderNames: () => string[] }).getRawHeaderNames();
    const spelled = new Map(rawNames.map((name) => [name.toLowerCase(), name]));
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        if (name === "x-trace-id") traceIdAt = headers.length + 1;
        headers.push(spelled.get(name) ?? name, String(one));
      }
    }
    if (traceIdAt < 0) return;
    if (reply.statusCode === 200) headers.push("content-length", String(body.length));
    this.keep(started.key, {
      status: reply.statusCode,
      headers,
      traceIdAt,
      body,
      untilMs: reply.replayUntilMs ?? Number.POSITIVE_INFINITY,
      tags,
    });
  }

  /**
   * What the answer may depend on: method, URL, body, the token's production unit (none without a token;
   * a token not verified yet never gets this far), accepted encoding, Origin (CORS), If-None-Match and X-Forwarded-Proto (HSTS).
   */
  private keyOf(req: RawRequest, body: string, token: VerifiedToken | null): string {
    const unit = token === null ? "-" : String(token.productionUnitId);
    const h = req.headers;
    return `${req.method} ${req.url}\n${unit}\n${this.encodingOf(h["accept-encoding"])}\n${h.origin ?? ""}\n${h["if-none-match"] ?? ""}\n${h["x-forwarded-proto"] ?? ""}\n${body}`;
  }

  /** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
  private readonly encodings = new Map<string, string>();

  private encodingOf(acceptEncoding: string | undefined): string {
    if (acceptEncoding === undefined) return "identity";
    let encoding = this.encodings.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = preferredEncoding(acceptEncoding);
      if (this.encodings.size >= 64) this.encodings.clear();
      this.encodings.set(acceptEncoding, encoding);
    }
    return encoding;
  }

  /** The verified token of the request; null without one; undefined for one not verified before. */
  private tokenOf(authorization: string | undefined): VerifiedToken | null | undefined {
    if (authorization === undefined) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match?.[1] ? this.options.tokens.peek(match[1]) : undefined;
  }

  /** Whether captured answers may be used; drops them all when the feed's generation moved. */
  private current(): boolean {
    const { feed } = this.options;
    if (!feed.live) return false;
    if (this.generation !== feed.generation) {
      this.forgetAll();
      this.generation = feed.generation;
    }
    return true;
  }

  private forgetAll(): void {
    for (const captured of this.entries.values()) captured.dropped = true;
    this.entries.clear();
    this.keysOfTag.clear();
    this.bytes = 0;
  }

  /** A row of `tag` changed: its answers go (`*`: all answers). */
  private forgetTag(tag: string): void {
    if (tag === "*") {
      this.forgetAll();
      return;
    }
    for (const key of this.keysOfTag.get(tag) ?? []) this.drop(key);
  }

  private keep(key: string, captured: Captured): void {
    const cost = key.length + captured.body.length;
    if (cost > this.maxBytes) return;
    this.drop(key);
    while (this.entries.size >= this.maxEntries || this.bytes + cost > this.maxBytes) {
      this.drop(this.entries.keys().next().value as string);
    }
    this.entries.set(key, captured);
    this.bytes += cost;
    for (const tag of captured.tags) {
      const keys = this.keysOfTag.get(tag);
      if (keys) keys.add(key);
      else this.keysOfTag.set(tag, new Set([key]));
    }
  }

  private drop(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    found.dropped = true;
    this.entries.delete(key);
    this.bytes -= key.length + found.body.length;
    for (const tag of found.tags) {
      const keys = this.keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfTag.delete(tag);
    }
  }
}

/**
 * The status line and headers of a kept answer exactly as Node's `writeHead` wrote them on a keep-alive
 * connection, cut around the two values that change per answer: the trace id and the Date. Replaying
 * fills them in and hands Node the head whole, as `writeHead` itself leaves it (`_header`), so Node does
 * not build and check the same ~20 headers again on every answer: about a fifth of a replayed read's CPU
 * (bench/README.md, menu reads). `end` then sends it as it sends its own, in order on pipelined connections.
 */
type KeptHead = { beforeTraceId: string; beforeDate: string; afterDate: string };

/**
 * What `writeHead` leaves on a response: Node's own fields (`_http_outgoing`, `_http_server`), not its
 * documented API. answer-replay.test.ts pins the bytes on the wire; a Node that no longer leaves a head
 * string there gets no KeptHead, and every answer goes through `writeHead` as before.
 */
type NodeResponseState = {
  _header: string | null;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached?: boolean;
};

/** A kept head says `Connection: keep-alive`: it is cut from, and used for, responses Node keeps alive only. */
function keptAlive(res: NodeResponseState): boolean {
  return res.shouldKeepAlive && res.maxRequestsOnConnectionReached !== true;
}

function mayUseKeptHead(res: NodeResponseState): boolean {
  return res._header === null && keptAlive(res);
}

const DATE_FIELD = "\r\nDate: ";

/** Cuts the head `writeHead` just wrote around `traceId` and the Date; undefined when it cannot. */
function keptHead(res: NodeResponseState, traceId: string): KeptHead | undefined {
  const head = res._header;
  if (typeof head !== "string" || !keptAlive(res)) return undefined;
  const traceAt = head.indexOf(traceId);
  const dateField = head.indexOf(DATE_FIELD);
  // Node writes the Date after the headers it was given, the trace id among them.
  if (traceAt < 0 || dateField < traceAt || !head.endsWith("\r\n\r\n")) return undefined;
  const dateAt = dateField + DATE_FIELD.length;
  return {
    beforeTraceId: head.slice(0, traceAt),
    beforeDate: head.slice(traceAt + traceId.length, dateAt),
    afterDate: head.slice(head.indexOf("\r\n", dateAt)),
  };
}

/** The Date header's value as Node writes it (RFC 7231 IMF-fixdate), made once a second. */
let dateSecond = -1;
let dateText = "";
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

function sameRequest(last: LastReplayed, req: IncomingMessage, body: string): boolean {
  const h = req.headers;
  return (
    last.body === body &&
    last.url === req.url &&
    last.method === req.method &&
    last.authorization === h.authorization &&
    last.acceptEncoding === h["accept-encoding"] &&
    last.origin === h.origin &&
    last.ifNoneMatch === h["if-none-match"] &&
    last.forwardedProto === h["x-forwarded-proto"]
  );
}

function lastReplayed(req: IncomingMessage, body: string, captured: Captured, untilMs: number): LastReplayed {
  const h = req.headers;
  return {
    body,
    method: req.method,
    url: req.url,
    authorization: h.authorization,
    acceptEncoding: h["accept-encoding"],
    origin: h.origin,
    ifNoneMatch: h["if-none-match"],
    forwardedProto: h["x-forwarded-proto"] as string | undefined,
    captured,
    untilMs,
  };
}

/**
 * Trace ids of replayed answers, shaped like the random UUIDs Fastify gives the others: a random prefix per
 * process and a counter, unique without asking the random source for every answer.
 */
class TraceIds {
  private readonly prefix = randomUUID().slice(0, 24);
  private count = 0;

  next(): string {
    this.count = (this.count + 1) % 0x1000000000000;
    return this.prefix + this.count.toString(16).padStart(12, "0");
  }
}

function toBuffer(payload: unknown): Buffer | undefined {
  if (payload === null || payload === undefined || payload === "") return Buffer.alloc(0);
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === "string") return Buffer.from(payload);
  return undefined; // a stream: not replayable
}

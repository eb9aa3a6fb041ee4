/**
 * The answer cache (answer-cache.ts) on a small Fastify app shaped like ours: an auth hook in the /api scope,
 * routes that ask for caching in their config, and a change feed the test moves by hand.
 */
import { brotliDecompressSync } from "node:zlib";
import { scriptedChangeFeed } from "@app/db/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { AnswerCache, CATALOGUE_CACHE, matchesIfNoneMatch, REVALIDATE, versionEtag } from "./answer-cache";

const TOKEN_OF_UNIT_7 = "Bearer seven";

let feed: ReturnType<typeof scriptedChangeFeed>;
let nowMs: number;
let app: FastifyInstance;
let cache: AnswerCache;
/** How often each handler ran, and what the next answer of `/api/menu` says. */
let reads: Record<string, number>;
let menuName: string;
/** While set, the menu's handler waits for it. */
let gate: Promise<void> | undefined;
let logLines: { msg: string; req?: { url: string } }[];
/** How often a POST /api/context body was validated. */
let validations: number;

beforeEach(async () => {
  feed = scriptedChangeFeed();
  nowMs = Date.parse("2026-11-23T10:00:00Z");
  reads = {};
  menuName = "Lunch";
  gate = undefined;
  logLines = [];
  validations = 0;
  app = Fastify({ logger: { level: "info", stream: { write: (line: string) => logLines.push(JSON.parse(line)) } } });
  cache = new AnswerCache({ feed, now: () => new Date(nowMs) });
  cache.register(app);
  app.decorateRequest("productionUnitId", 0);
  await app.register(
    async (api) => {
      api.addHook("onRequest", async (request) => {
        if (request.routeOptions.config.public) return;
        if (request.headers.authorization !== TOKEN_OF_UNIT_7)
          throw Object.assign(new Error("no"), { statusCode: 401 });
        request.productionUnitId = 7;
      });
      api.get("/menu", { config: { cache: CATALOGUE_CACHE } }, async (_request, reply) => {
        reads.menu = (reads.menu ?? 0) + 1;
        await gate;
        reply.header("etag", versionEtag("menu", 1, reads.menu));
        return { name: menuName, padding: "x".repeat(2000) };
      });
      api.get("/missing", { config: { cache: REVALIDATE } }, async (_request, reply) => {
        reads.missing = (reads.missing ?? 0) + 1;
        return reply.code(404).send({ errors: [] });
      });
      api.get("/product", { config: { cache: CATALOGUE_CACHE } }, async (_request, reply) => {
        reads.product = (reads.product ?? 0) + 1;
        reply.cacheUntilMs = nowMs + 60_000;
        return { price: 69 };
      });
      api.get("/module", { config: { public: true, cache: REVALIDATE } }, async () => {
        reads.module = (reads.module ?? 0) + 1;
        return { id: 1 };
      });
      api.post(
        "/context",
        {
          config: { cache: CATALOGUE_CACHE },
          schema: { body: { type: "array" } },
          // Counts validations; a negative id is refused, as the real route's schema refuses it.
          validatorCompiler: () => (body: unknown) => {
            validations++;
            const valid = Array.isArray(body) && body.every((id) => typeof id === "number" && id > 0);
            return valid ? { value: body } : { error: new Error("body/0 must be a positive whole number") };
          },
        },
        async (request) => {
          reads.context = (reads.context ?? 0) + 1;
          return { asked: request.body };
        },
      );
      api.get("/basket", async () => {
        reads.basket = (reads.basket ?? 0) + 1;
        return { lines: [] };
      });
    },
    { prefix: "/api" },
  );
  await app.ready();
});
afterEach(() => app.close());

/** Makes the menu's handler wait; returns what lets it (and every later one) go on. */
function closeGate(): () => void {
  let open = () => {};
  gate = new Promise((resolve) => (open = resolve));
  return () => {
    open();
    gate = undefined;
  };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { authorization: TOKEN_OF_UNIT_7, ...headers } });

describe("a route whose config asks for caching", () => {
  test("is read once: the next request gets the same bytes and headers from memory", async () => {
    const first = await get("/api/menu");
    const second = await get("/api/menu");
    expect(reads.menu).toBe(1);
    expect(cache.hits).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers).toMatchObject({
      etag: first.headers.etag,
      "cache-control": "public, max-age=60",
      "content-type": "application/json; charset=utf-8",
      vary: "accept-encoding",
    });
  });

  test("answers 304 to a matching If-None-Match, from memory and on the read that keeps it", async () => {
    const etag = versionEtag("menu", 1, 1);
    const onMiss = await get("/api/menu", { "if-none-match": etag });
    const onHit = await get("/api/menu", { "if-none-match": etag });
    expect([onMiss.statusCode, onHit.statusCode]).toEqual([304, 304]);
    expect([onMiss.body, onHit.body]).toEqual(["", ""]);
    expect(onHit.headers.etag).toBe(etag);
    expect(reads.menu).toBe(1);
  });

  test("sends the encoding the client accepts, compressed once", async () => {
    const plain = await get("/api/menu");
    const br = await get("/api/menu", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  test("is read again once the change feed's generation moves", async () => {
    await get("/api/menu");
    menuName = "Dinner";
    feed.generation++;
    expect((await get("/api/menu")).json()).toMatchObject({ name: "Dinner" });
    expect(reads.menu).toBe(2);
  });

  test("is read every time while the feed is not live", async () => {
    feed.live = false;
    await get("/api/menu");
    await get("/api/menu");
    expect(reads.menu).toBe(2);
  });

  test("an answer read while the generation moved is sent but not kept", async () => {
    const open = closeGate();
    const reading = get("/api/menu");
    await new Promise((resolve) => setTimeout(resolve, 10));
    feed.generation++;
    open();
    expect((await reading).statusCode).toBe(200);
    await get("/api/menu");
    expect(reads.menu).toBe(2);
  });

  test("identical requests that miss at once run the handler once", async () => {
    const open = closeGate();
    const all = Array.from({ length: 5 }, () => get("/api/menu"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    open();
    const answers = await Promise.all(all);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(reads.menu).toBe(1);
  });

  test("while the feed is not live, identical requests do not wait for one another", async () => {
    feed.live = false;
    const open = closeGate();
    const all = Array.from({ length: 3 }, () => get("/api/menu"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads.menu).toBe(3);
    open();
    await Promise.all(all);
  });

  test("requests that waited for an answer that was not kept read it each at once, not one after another", async () => {
    await app.close();
    app = Fastify();
    cache = new AnswerCache({ feed, now: () => new Date(nowMs) });
    cache.register(app);
    app.get("/gone", { config: { cache: REVALIDATE } }, async (_request, reply) => {
      reads.gone = (reads.gone ?? 0) + 1;
      await gate;
      return reply.code(404).send({ errors: [] });
    });
    const open = closeGate();
    const all = Array.from({ length: 4 }, () => app.inject({ method: "GET", url: "/gone" }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads.gone, "the first only, the others wait").toBe(1);
    open();
    const holdAgain = closeGate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads.gone, "then the three waiting ones at once").toBe(4);
    holdAgain();
    expect((await Promise.all(all)).map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
  });

  test("the auth hook runs first: a warm answer is 401 to a request without a valid token", async () => {
    await get("/api/menu");
    expect((await get("/api/menu", { authorization: "Bearer forged" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/menu" })).statusCode).toBe(401);
  });

  test("a public route is kept too, the same for everyone", async () => {
    await app.inject({ method: "GET", url: "/api/module" });
    await app.inject({ method: "GET", url: "/api/module" });
    expect(reads.module).toBe(1);
  });

  test("an error is never kept", async () => {
    expect((await get("/api/missing")).statusCode).toBe(404);
    expect((await get("/api/missing")).statusCode).toBe(404);
    expect(reads.missing).toBe(2);
  });

  test("an answer the clock ends (cacheUntilMs) is read again after it", async () => {
    await get("/api/product");
    nowMs += 59_000;
    await get("/api/product");
    expect(reads.product).toBe(1);
    nowMs += 1_000;
    await get("/api/product");
    expect(reads.product).toBe(2);
  });

  test("a POST is kept by its body, without HTTP caching headers", async () => {
    const post = (body: number[]) =>
      app.inject({ method: "POST", url: "/api/context", headers: { authorization: TOKEN_OF_UNIT_7 }, payload: body });
    const first = await post([1, 2]);
    expect((await post([1, 2])).body).toBe(first.body);
    expect((await post([3])).json()).toEqual({ asked: [3] });
    expect(reads.context).toBe(2);
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers["cache-control"]).toBeUndefined();
  });

  test("a POST answered from memory is not validated again; a body refused by validation is never kept", async () => {
    const post = (body: number[]) =>
      app.inject({ method: "POST", url: "/api/context", headers: { authorization: TOKEN_OF_UNIT_7 }, payload: body });
    await post([1, 2]);
    expect((await post([1, 2])).statusCode).toBe(200);
    expect(validations).toBe(1);
    expect((await post([-1])).statusCode).toBe(400);
    expect((await post([-1])).statusCode).toBe(400);
    expect(validations).toBe(3);
    expect(reads.context).toBe(1);
  });

  test("logs at warn: Fastify's info lines of the request are not written", async () => {
    await get("/api/menu");
    await get("/api/basket");
    const urls = logLines.flatMap((line) => (line.msg === "incoming request" ? [line.req?.url] : []));
    expect(urls).toEqual(["/api/basket"]);
  });
});

describe("a route without caching in its config", () => {
  test("is read on every request", async () => {
    await get("/api/basket");
    await get("/api/basket");
    expect(reads.basket).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe("If-None-Match", () => {
  test.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ["*", true],
    ['W/"abd"', false],
    ["", false],
    [undefined, false],
  ])('%j against W/"abc" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, 'W/"abc"')).toBe(expected);
  });

  test("a version ETag names kind, instance and version, and the weekday when given", () => {
    expect(versionEtag("menu", 3, 17)).toBe('W/"menu-3-v17"');
    expect(versionEtag("product", 4, 9, 7)).toBe('W/"product-4-v9-wd7"');
  });
});

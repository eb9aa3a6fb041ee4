/**
 * Menu reads replayed from memory in front of Fastify (answer-replay.ts), over real HTTP: a replayed
 * answer is byte for byte Fastify's own but for the trace id and date, a notified change or the
 * restaurant's midnight ends it, and a request replay cannot vouch for (an unverified token, an
 * unread body, a feed that is not live) goes to Fastify.
 */
import { Agent, request as httpRequest } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../app";
import { createClock, createTestApp, type TestApp } from "../testing/test-app";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; raw: string[]; body: Buffer };

const MONDAY_EVENING = "2026-11-23T22:30:00Z"; // 23:30 in Copenhagen: midnight is 30 minutes away

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  agent?: Agent,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

type RawAnswer = { head: string; body: Buffer };

/**
 * Writes `requests` to one new connection in a single write (pipelined) and reads `count` answers off the
 * wire exactly as sent; `closed` tells whether the server then ended the connection (within 300 ms).
 */
function exchange(port: number, requests: string, count: number) {
  return new Promise<{ answers: RawAnswer[]; closed: boolean }>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let closed = false;
    const answers: RawAnswer[] = [];
    const settle = () => {
      socket.destroy();
      resolve({ answers, closed });
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = received.subarray(0, end + 4).toString("latin1");
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        answers.push({ head, body: received.subarray(end + 4, end + 4 + length) });
        received = received.subarray(end + 4 + length);
        if (answers.length === count) setTimeout(settle, 300);
      }
    });
    socket.on("end", () => {
      closed = true;
    });
    socket.on("error", reject);
    socket.write(requests);
  });
}

/** The raw header lines without the two that differ per answer. */
const stable = (answer: Answer) =>
  answer.raw
    .map((value, i, all) => (i % 2 === 0 ? `${value}: ${all[i + 1]}` : ""))
    .filter((line) => line && !/^(x-trace-id|date):/i.test(line));

describe("answers replayed from memory", () => {
  let t: TestApp;
  let port: number;
  const clock = createClock(MONDAY_EVENING);
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const auth = () => ({ ...t.restaurantA.auth, "accept-encoding": "gzip, deflate, br" });
  const productUrl = (id: number) => `/api/product/${id}?instanceId=${t.restaurantA.module.productInstanceId}`;
  const get = (path: string, headers: Record<string, string> = auth()) => send(port, "GET", path, headers);
  const replayed = () => t.app.answerReplay.replayedCount;

  async function productIdNamed(internalName: string): Promise<number> {
    const [row] = await t.db
      .select({ id: schema.product.id })
      .from(schema.product)
      .where(
        and(
          eq(schema.product.internalName, internalName),
          eq(schema.product.productInstanceId, t.restaurantA.module.productInstanceId),
        ),
      );
    return row!.id;
  }

  test("the third identical read is replayed: Fastify's status, headers and body, a trace id of its own", async () => {
    const url = productUrl(await productIdNamed("classic-burger")); // large enough to go out compressed
    const [first, second] = [await get(url), await get(url)]; // verifies the token, then captures the answer
    const before = replayed();
    const third = await get(url);
    expect(replayed()).toBe(before + 1);
    expect(third.status).toBe(200);
    expect(stable(third)).toEqual(stable(second));
    expect(stable(third)).toEqual(stable(first));
    expect(third.body.equals(second.body)).toBe(true);
    expect(third.headers["content-encoding"]).toBe("br");
    expect(third.headers["x-trace-id"]).not.toBe(second.headers["x-trace-id"]);
  });

  test("every read marked replay is replayed: module, settings, menus, labels, blocked items", async () => {
    const { module } = t.restaurantA;
    const paths = [
      "/api/module/domain/localhost",
      `/api/module/${module.id}/module`,
      `/api/frontend/module/${module.id}`,
      `/api/menu?instanceId=${module.menuInstanceId}`,
      `/api/label?instanceId=${module.productInstanceId}`,
      `/api/blockedProduct?productionUnitId=${module.productionUnitId}`,
      `/api/blockedChoice?productionUnitId=${module.productionUnitId}`,
    ];
    for (const path of paths) {
      const fastify = [await get(path), await get(path)];
      const before = replayed();
      const again = await get(path);
      expect(replayed(), path).toBe(before + 1);
      expect(again.body.equals(fastify[1]!.body), path).toBe(true);
    }
  });

  test("a matching If-None-Match is replayed as the same 304", async () => {
    const url = productUrl(await productIdNamed("cola"));
    const etag = String((await get(url)).headers.etag);
    const revalidate = () => get(url, { ...auth(), "if-none-match": etag });
    const fastify = await revalidate();
    await revalidate();
    const before = replayed();
    const again = await revalidate();
    expect(replayed()).toBe(before + 1);
    expect([again.status, again.body.length]).toEqual([304, 0]);
    expect(stable(again)).toEqual(stable(fastify));
  });

  test("a price change ends every replay at once: the next read has the new price", async () => {
    const id = await productIdNamed("cola");
    const url = productUrl(id);
    for (const _ of [1, 2, 3]) await get(url, t.restaurantA.auth);
    expect(t.app.answerReplay.size).toBeGreaterThan(0);
    await t.edit((db) => db.update(schema.product).set({ priceMinor: 4700 }).where(eq(schema.product.id, id)));
    try {
      const before = replayed();
      const after = await get(url, t.restaurantA.auth);
      expect(replayed()).toBe(before);
      expect(JSON.parse(after.body.toString()).price).toBe(47);
    } finally {
      await t.edit((db) => db.update(schema.product).set({ priceMinor: 3500 }).where(eq(schema.product.id, id)));
    }
  });

  test("a token the server has not verified is never replayed: a forged one is 401", async () => {
    const url = productUrl(await productIdNamed("cola"));
    for (const _ of [1, 2, 3]) await get(url);
    const token = t.restaurantA.token;
    const forged = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    const before = replayed();
    const answer = await get(url, { authorization: `Bearer ${forged}`, "accept-encoding": "gzip, deflate, br" });
    expect([answer.status, replayed()]).toEqual([401, before]);
    expect((await get(url, { "accept-encoding": "gzip, deflate, br" })).status).toBe(401);
  });

  test("the context call's body is part of the key, and a body read for a miss reaches Fastify whole", async () => {
    const ids = [await productIdNamed("cola"), await productIdNamed("classic-burger")];
    const post = (body: string) =>
      send(port, "POST", "/api/context", { ...t.restaurantA.auth, "content-type": "application/json" }, body);
    for (const _ of [1, 2]) await post(JSON.stringify(ids));
    const before = replayed();
    const both = await post(JSON.stringify(ids));
    const one = await post(JSON.stringify([ids[0]]));
    expect(replayed()).toBe(before + 1);
    expect(JSON.parse(both.body.toString()).products.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(JSON.parse(one.body.toString()).products.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    const broken = await post("[1, 2");
    expect([broken.status, JSON.parse(broken.body.toString()).errors[0].code]).toEqual([400, "INVALID_JSON"]);
  });

  test("identical reads that miss at once are read by Fastify once; the others are replayed its answer", async () => {
    const url = productUrl(await productIdNamed("classic-burger"));
    const gzipOnly = { ...t.restaurantA.auth, "accept-encoding": "gzip" }; // a key no test read before
    await get(`/api/label?instanceId=${t.restaurantA.module.productInstanceId}`); // the token is verified
    const before = replayed();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(url, gzipOnly)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(replayed()).toBe(before + 11);
    for (const answer of answers) expect(answer.body.equals(answers[0]!.body)).toBe(true);
  });

  test("reads waiting for an answer that is not kept go on to Fastify: a missing product is 404 to all", async () => {
    await get(`/api/label?instanceId=${t.restaurantA.module.productInstanceId}`);
    const before = replayed();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(productUrl(999_999))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(404));
    expect(replayed()).toBe(before);
  });

  test("identical context calls that miss at once share one read, their bodies included", async () => {
    const ids = [await productIdNamed("cola")];
    const body = JSON.stringify(ids);
    const headers = { ...t.restaurantA.auth, "content-type": "application/json", "accept-encoding": "gzip" };
    const before = replayed();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send(port, "POST", "/api/context", headers, body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(replayed()).toBe(before + 7);
  });

  describe("a connection repeating its request", () => {
    // One kept-alive connection: every request after the first is matched against the connection's last one.
    let agent: Agent;
    beforeAll(() => {
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
    });
    afterAll(() => agent.destroy());
    const again = (path: string, headers: Record<string, string> = auth()) =>
      send(port, "GET", path, headers, undefined, agent);

    test("is replayed the same, and a price change still ends it at once", async () => {
      const id = await productIdNamed("cola");
      const url = productUrl(id);
      const fastify = [await again(url), await again(url)];
      const before = replayed();
      const repeated = [await again(url), await again(url), await again(url)];
      expect(replayed()).toBe(before + 3);
      for (const answer of repeated) expect(stable(answer)).toEqual(stable(fastify[1]!));
      expect(new Set(repeated.map((answer) => answer.headers["x-trace-id"])).size).toBe(3);
      await t.edit((db) => db.update(schema.product).set({ priceMinor: 4800 }).where(eq(schema.product.id, id)));
      try {
        const afterEdit = await again(url);
        expect(replayed()).toBe(before + 3);
        expect(JSON.parse(afterEdit.body.toString()).price).toBe(48);
      } finally {
        await t.edit((db) => db.update(schema.product).set({ priceMinor: 3500 }).where(eq(schema.product.id, id)));
      }
    });

    test("a context call is matched by its body too: the same ids are replayed, others get their own answer", async () => {
      const ids = [await productIdNamed("cola"), await productIdNamed("classic-burger")];
      const headers = { ...t.restaurantA.auth, "content-type": "application/json" }; // plain JSON to read
      const post = (list: number[]) => send(port, "POST", "/api/context", headers, JSON.stringify(list), agent);
      const productsOf = (answer: Answer) =>
        JSON.parse(answer.body.toString()).products.map((product: { id: number }) => product.id);
      for (const _ of [1, 2]) await post(ids);
      const before = replayed();
      const repeated = [await post(ids), await post(ids)];
      expect(replayed()).toBe(before + 2);
      expect(repeated.map(productsOf)).toEqual([ids, ids]);
      expect(productsOf(await post([ids[1]!]))).toEqual([ids[1]]);
      expect(productsOf(await post(ids))).toEqual(ids);
    });

    test("another header on the same connection is looked up afresh: an If-None-Match gets its 304", async () => {
      const url = productUrl(await productIdNamed("cola"));
      for (const _ of [1, 2, 3]) await again(url);
      const etag = String((await again(url)).headers.etag);
      const revalidated = await again(url, { ...auth(), "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect((await again(url)).status).toBe(200);
    });

    test("ends with the token: an expired token is refused 401, however often the connection asked", async () => {
      const url = `/api/label?instanceId=${t.restaurantA.module.productInstanceId}`; // kept until a change
      for (const _ of [1, 2, 3]) expect((await again(url)).status).toBe(200);
      clock.set(new Date(Date.parse(MONDAY_EVENING) + t.config.tokenTtlMinutes * 60_000 + 1_000));
      try {
        expect((await again(url)).status).toBe(401);
      } finally {
        clock.set(MONDAY_EVENING);
      }
    });
  });

  describe("the head Node wrote for a replayed answer, kept", () => {
    const requestText = (path: string, extra = "", headers: Record<string, string> = auth()) => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      return `GET ${path} HTTP/1.1\r\nhost: localhost\r\n${lines.join("")}${extra}\r\n`;
    };
    /** A head's header lines as `stable` gives an answer's. */
    const headerLines = (head: string) =>
      head
        .split("\r\n")
        .slice(1)
        .filter((line) => line && !/^(x-trace-id|date):/i.test(line));

    test("serves every later replay as Fastify answered, but for a trace id of its own and the current Date", async () => {
      const url = productUrl(await productIdNamed("cola"));
      const plain = t.restaurantA.auth; // a key no other test keeps now: uncompressed
      const fastify = await get(url, plain); // verifies the token and captures the answer
      await get(url, plain); // the first replay, through writeHead: its head is kept
      const before = replayed();
      const { answers, closed } = await exchange(port, requestText(url, "", plain).repeat(4), 4);
      expect(replayed()).toBe(before + 4);
      expect(closed).toBe(false);
      const [first] = answers as [RawAnswer];
      expect(first.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(first.head).toMatch(/\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n/);
      for (const answer of answers) {
        expect(headerLines(answer.head)).toEqual(stable(fastify));
        expect(answer.body.equals(fastify.body)).toBe(true);
        const date = /\r\nDate: ([^\r]*)/.exec(answer.head)?.[1] ?? "";
        expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(5_000);
      }
      const traceIds = answers.map((answer) => /\r\nx-trace-id: ([^\r]*)/i.exec(answer.head)?.[1]);
      expect(new Set(traceIds).size).toBe(4);
    });

    test("a 304 is kept the same way, without a body", async () => {
      const url = productUrl(await productIdNamed("cola"));
      const etag = String((await get(url)).headers.etag);
      const fastify = await get(url, { ...auth(), "if-none-match": etag });
      await get(url, { ...auth(), "if-none-match": etag });
      const { answers } = await exchange(port, requestText(url, `if-none-match: ${etag}\r\n`).repeat(3), 3);
      expect(answers.map((answer) => answer.head.slice(0, 12))).toEqual(Array(3).fill("HTTP/1.1 304"));
      for (const answer of answers) expect(headerLines(answer.head)).toEqual(stable(fastify));
      expect(answers.every((answer) => answer.body.length === 0)).toBe(true);
    });

    test("a client closing its connection is answered Connection: close, and the server closes it", async () => {
      const url = productUrl(await productIdNamed("classic-burger"));
      for (const _ of [1, 2, 3, 4]) await get(url); // the head is kept by now
      const before = replayed();
      const { answers, closed } = await exchange(port, requestText(url, "connection: close\r\n"), 1);
      expect(replayed()).toBe(before + 1);
      expect(answers[0]!.head).toMatch(/\r\nConnection: close\r\n/);
      expect(answers[0]!.head).not.toMatch(/keep-alive/i);
      expect(closed).toBe(true);
    });

    test("an HTTP/1.0 client is answered as one, with the connection closed", async () => {
      const url = productUrl(await productIdNamed("classic-burger"));
      for (const _ of [1, 2, 3, 4]) await get(url);
      const http10 = requestText(url).replace(" HTTP/1.1\r\n", " HTTP/1.0\r\n");
      const { answers, closed } = await exchange(port, http10, 1);
      expect(answers[0]!.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answers[0]!.head).toMatch(/\r\nConnection: close\r\n/);
      expect(closed).toBe(true);
    });
  });

  test("a product answer ends at the restaurant's midnight: the weekday sale may change the price", async () => {
    const url = productUrl(await productIdNamed("cola"));
    for (const _ of [1, 2]) await get(url);
    const monday = await get(url);
    expect(String(monday.headers.etag)).toMatch(/-wd1"$/);
    clock.set("2026-11-23T23:00:01Z"); // 00:00:01 on Tuesday in Copenhagen
    try {
      const before = replayed();
      const tuesday = await get(url);
      expect(replayed()).toBe(before);
      expect(String(tuesday.headers.etag)).toMatch(/-wd2"$/);
    } finally {
      clock.set(MONDAY_EVENING);
    }
  });
});

describe("without a live change feed", () => {
  test("nothing is replayed: every read goes through Fastify", async () => {
    const t = await createTestApp();
    const app = await buildApp({ db: t.db, config: t.config, logger: false });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const url = `/api/product/1?instanceId=${t.restaurantA.module.productInstanceId}`;
      for (const _ of [1, 2, 3, 4]) await send(port, "GET", url, t.restaurantA.auth);
      expect([app.answerReplay.replayedCount, app.answerReplay.size]).toEqual([0, 0]);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

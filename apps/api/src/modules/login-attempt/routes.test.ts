import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LoginAttemptWebhookBody } from "@app/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

const LIMIT = 5;

/** A real webhook on a local port: what it received, in order. */
let hook: Server;
let received: LoginAttemptWebhookBody[] = [];
let t: TestApp;
let address = 0;
let client: string;

beforeAll(async () => {
  hook = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      received.push(JSON.parse(text));
      response.writeHead(204).end();
    });
  });
  hook.listen(0, "127.0.0.1");
  await once(hook, "listening");
  const { port } = hook.address() as AddressInfo;
  t = await createTestApp({
    env: { LOGIN_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, LOGIN_ATTEMPTS_PER_MINUTE: String(LIMIT) },
  });
});
afterAll(async () => {
  await t.close();
  hook.close();
});
beforeEach(() => {
  received = [];
  address += 1;
  client = `198.51.100.${address}`;
});

const attempt = (payload: Record<string, unknown>, headers: Record<string, string> = t.restaurantA.auth) =>
  t.request({ method: "POST", url: "/api/login-attempt", headers, remoteAddress: client, payload });

/** Waits until the webhook got `count` posts (they are sent after the answer). */
async function postsArrived(count: number): Promise<LoginAttemptWebhookBody[]> {
  for (let waited = 0; received.length < count && waited < 5000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received;
}

describe("POST /api/login-attempt", () => {
  test("answers 204 and forwards the attempt with the server's verdict: a wrong password claimed right is wrong", async () => {
    const res = await attempt({ username: "guest", password: "1234", passwordApproved: true });
    expect(res.statusCode).toBe(204);
    expect(await postsArrived(1)).toEqual([
      {
        url: expect.any(String),
        passwordApproved: false,
        productionUnitId: t.restaurantA.module.productionUnitId,
        username: "guest",
      },
    ]);
  });

  test("the production unit id is the right password, whatever the client claims", async () => {
    const password = String(t.restaurantA.module.productionUnitId);
    expect((await attempt({ username: "anna", password, passwordApproved: false })).statusCode).toBe(204);
    expect((await postsArrived(1)).map((post) => post.passwordApproved)).toEqual([true]);
  });

  test(`every attempt counts, right or wrong: the ${LIMIT + 1}th a minute from one address is 429 TOO_MANY_REQUESTS and is not forwarded`, async () => {
    const password = String(t.restaurantA.module.productionUnitId);
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt({ username: "anna", password, passwordApproved: true })).statusCode).toBe(204);
    }
    const refused = await attempt({ username: "anna", password, passwordApproved: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Fresh tokens do not help: the address is what is counted.
    const token = (
      await t.request({ method: "GET", url: `/api/token/${t.restaurantB.module.productionUnitId}` })
    ).json<{
      token: string;
    }>().token;
    expect((await attempt({ username: "x", password: "1" }, { authorization: `Bearer ${token}` })).statusCode).toBe(
      429,
    );
    expect(await postsArrived(LIMIT)).toHaveLength(LIMIT);
  });

  test("another address has its own budget", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await attempt({ username: "a", password: "1" })).statusCode).toBe(204);
    client = `198.51.100.${++address}`;
    expect((await attempt({ username: "a", password: "1" })).statusCode).toBe(204);
  });

  test("needs a token", async () => {
    const res = await attempt({ username: "guest", password: "1" }, {});
    expect(res.statusCode).toBe(401);
  });

  test("a client written from SPEC alone sends no password: accepted, and its claim forwarded as not approved", async () => {
    const res = await attempt({ username: "spec-client", passwordApproved: true });
    expect(res.statusCode).toBe(204);
    const forwarded = () => received.filter((post) => post.username === "spec-client");
    for (let waited = 0; forwarded().length === 0 && waited < 5000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(forwarded().map((post) => post.passwordApproved)).toEqual([false]);
  });

  test("refuses a body without the username", async () => {
    const res = await attempt({ password: "1" });
    expect(res.statusCode).toBe(400);
  });
});

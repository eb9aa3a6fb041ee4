import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { forwardLoginAttempt } from "./forward-login-attempt";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/login-attempt", () => {
  test("answers 204 for a token's attempt", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/login-attempt",
      headers: t.restaurantA.auth,
      payload: { username: "guest", passwordApproved: false },
    });
    expect(res.statusCode).toBe(204);
  });

  test("needs a token", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/login-attempt",
      payload: { username: "guest", passwordApproved: true },
    });
    expect(res.statusCode).toBe(401);
  });

  test("refuses a body without passwordApproved", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/login-attempt",
      headers: t.restaurantA.auth,
      payload: { username: "guest" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("forwardLoginAttempt", () => {
  const body = { url: "https://shop.example.dk/", passwordApproved: true, productionUnitId: 7, username: "anna" };

  test("posts url, passwordApproved, productionUnitId and username as JSON to the webhook", async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 200 }),
    );
    expect(await forwardLoginAttempt({ webhookUrl: "https://hook.example/x", fetch, warn: () => {} }, body)).toBe(true);
    expect(fetch).toHaveBeenCalledWith("https://hook.example/x", expect.objectContaining({ method: "POST" }));
    const init = fetch.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  test("does nothing without a webhook URL", async () => {
    const fetch = vi.fn();
    expect(await forwardLoginAttempt({ webhookUrl: undefined, fetch, warn: () => {} }, body)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("never rejects when the webhook fails or times out; it warns", async () => {
    const warn = vi.fn();
    const fetch = vi.fn(async () => {
      throw new Error("connect ECONNREFUSED");
    });
    expect(await forwardLoginAttempt({ webhookUrl: "https://hook.example/x", fetch, warn }, body)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ECONNREFUSED"));
  });
});

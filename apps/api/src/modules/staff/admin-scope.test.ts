import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the back office's gate", () => {
  test("a request without a session is told to sign in", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("SIGN_IN_REQUIRED");
  });

  test("an unknown session cookie is no session, and the browser is told to forget it", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/me", headers: { cookie: "bo_session=made-up" } });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers["set-cookie"])).toMatch(/^bo_session=;/);
  });

  test("the back office's routes are in the OpenAPI document under their own tag", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.paths["/api/admin/me"].get.tags).toEqual(["Back office"]);
  });
});

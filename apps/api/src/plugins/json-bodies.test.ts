import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAdminActors } from "../testing/admin-actors";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let basketId: string;
const UNKNOWN_ITEM = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestApp();
  basketId = (await t.request({ method: "GET", url: "/api/basket", headers: t.restaurantA.auth })).json().id;
});
afterAll(() => t.close());

const UNSUPPORTED = {
  errors: [{ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining("application/json") }],
};

function send(method: "POST" | "PUT" | "DELETE", contentType: string | undefined, payload: string) {
  const url =
    method === "POST" ? `/api/basket/${basketId}/products` : `/api/basket/${basketId}/products/${UNKNOWN_ITEM}`;
  return t.request({
    method,
    url,
    headers: { ...t.restaurantA.auth, ...(contentType ? { "content-type": contentType } : {}) },
    payload,
  });
}

describe("a body in another content type than JSON is 415 UNSUPPORTED_MEDIA_TYPE", () => {
  test.each([
    ["POST", "application/x-www-form-urlencoded", "productId=1&amount=1"],
    [
      "POST",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="productId"\r\n\r\n1\r\n--x--',
    ],
    ["POST", "text/plain", '{"productId":1,"amount":1}'],
    ["PUT", "text/plain", '{"amount":2}'],
    ["DELETE", "text/plain", "{}"],
    ["PUT", "application/x-www-form-urlencoded", "amount=2"],
    ["DELETE", "application/x-www-form-urlencoded", "x=1"],
    ["POST", "application/vnd.api+json", '{"productId":1,"amount":1}'],
  ] as const)("%s with %s", async (method, contentType, payload) => {
    const res = await send(method, contentType, payload);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });

  test("a body without a content type", async () => {
    const res = await send("POST", undefined, '{"productId":1,"amount":1}');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(UNSUPPORTED);
  });
});

describe("JSON and body-less calls are read as before", () => {
  test("application/json; charset=utf-8 is JSON", async () => {
    const res = await send("DELETE", "application/json; charset=utf-8", "{}");
    expect(res.statusCode).toBe(404); // read, and on to the handler: the line does not exist
    expect(res.json().errors[0].code).toBe("NOT_FOUND");
  });

  test("a call without a body, whatever its content type says, has no body", async () => {
    for (const contentType of [undefined, "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]) {
      const res = await send("DELETE", contentType, "");
      expect(res.statusCode, contentType).toBe(404);
      expect(res.json().errors[0].code, contentType).toBe("NOT_FOUND");
    }
  });
});

describe("a key that could pollute prototypes is refused with a message that says so", () => {
  test.each([
    ['{"productId":1,"amount":1,"__proto__":{"isAdmin":true}}'],
    ['{"productId":1,"amount":1,"choices":[{"constructor":{"prototype":{"x":1}}}]}'],
  ])("%s", async (payload) => {
    const res = await send("POST", "application/json", payload);
    expect(res.statusCode).toBe(400);
    // Before: 'Body is not valid JSON…', though it is.
    expect(res.json()).toEqual({
      errors: [
        { code: "Input.Invalid", message: "A body may not contain the keys __proto__ or constructor.prototype" },
      ],
    });
  });

  test("a body that is not JSON is still INVALID_JSON", async () => {
    const res = await send("POST", "application/json", '{"productId":1,');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe("INVALID_JSON");
  });
});

describe("text with a lone UTF-16 surrogate is refused at the edge, not a database fault", () => {
  const LONE = { errors: [{ code: "Input.Invalid", message: expect.stringContaining("lone UTF-16 surrogate") }] };

  test.each([
    ['{"productId":1,"amount":1,"comment":"a\\ud800b"}'],
    ['{"productId":1,"amount":1,"comment":"\\uDC00"}'],
    ['{"productId":1,"amount":1,"choices":[{"x":["ok","\\udbff"]}]}'],
    ['{"productId":1,"amount":1,"\\ud800":1}'],
  ])("%s", async (payload) => {
    const res = await send("POST", "application/json", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LONE);
  });

  /** Saves restaurant A's first label with the name's Danish text as the JSON string literal `json`. */
  async function saveLabelName(json: string) {
    const actors = await createAdminActors(t);
    const url = `/api/admin/restaurants/${actors.restaurantAId}/menu-editor`;
    const label = (await t.request(actors.as("owner", { method: "GET", url }))).json().labels[0];
    return t.request(
      actors.as("owner", {
        method: "PUT",
        url: `${url}/labels/${label.id}`,
        headers: { "content-type": "application/json" },
        payload:
          `{"version":${label.version},"name":{"da-DK":${json},"en-US":"x"},"description":{"da-DK":"","en-US":""},` +
          `"icon":"${label.icon}","colour":"${label.colour}"}`,
      }),
    );
  }

  test("a menu save with one is a 400 (PostgreSQL's JSON column refused it: a 500)", async () => {
    const res = await saveLabelName('"A\\ud800B"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LONE);
  });

  test.each([
    ["an emoji sent as an escaped pair", '"Pizza \\ud83c\\udf55"', "Pizza 🍕"],
    ["a typed backslash before ud800", '"a \\\\ud800"', "a \\ud800"],
  ])("%s is saved as sent", async (_name, json, text) => {
    const res = await saveLabelName(json);
    expect(res.statusCode).toBe(200);
    expect(res.json().name["da-DK"]).toBe(text);
  });
});

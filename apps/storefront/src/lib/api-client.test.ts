import { describe, expect, test, vi } from "vitest";
import { ApiError, createApiClient, serviceBaseUrl } from "./api-client";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

function client(answer: () => Promise<Response>, token: string | null = "tok") {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer());
  return { fetch, api: createApiClient({ baseUrl: "/api", getToken: () => token, fetch }) };
}

describe("createApiClient", () => {
  test("success with JSON data when the answer is JSON", async () => {
    const { api } = client(async () => json({ id: 3 }));
    expect(await api.request("GET", "/module/3/module")).toEqual({ ok: true, status: 200, data: { id: 3 } });
  });

  test("success with text when the answer is not JSON", async () => {
    const { api } = client(async () => new Response("12.50", { headers: { "content-type": "text/plain" } }));
    expect(await api.request("GET", "/giftcard/1/X/amount")).toEqual({ ok: true, status: 200, data: "12.50" });
  });

  test("sends the bearer token and a JSON body", async () => {
    const { api, fetch } = client(async () => json({}));
    await api.request("POST", "/basket/1/products", { body: { productId: 2, amount: 1 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/basket/1/products");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"productId":2,"amount":1}');
    expect(init?.headers).toMatchObject({ authorization: "Bearer tok", "content-type": "application/json" });
  });

  test("calls without identity send no token and no body", async () => {
    const { api, fetch } = client(async () => json({}));
    await api.request("GET", "/module/domain/localhost", { auth: false });
    const init = fetch.mock.calls[0]![1];
    expect(init?.headers).not.toHaveProperty("authorization");
    expect(init?.headers).not.toHaveProperty("content-type");
    expect(init?.body).toBeUndefined();
  });

  test("a non-ok answer is a failure with its status and the body's errors list", async () => {
    const errors = [{ code: "NOT_FOUND", message: "No such basket" }];
    const { api } = client(async () => json({ errors, traceId: "tr-1" }, 404));
    expect(await api.request("GET", "/basket/9")).toEqual({ ok: false, status: 404, errors, traceId: "tr-1" });
  });

  test("a failure's trace id comes from the x-trace-id header when the body has none", async () => {
    const errors = [{ code: "BASKET_EXPIRED", message: "Gone" }];
    const { api } = client(
      async () =>
        new Response(JSON.stringify({ errors }), {
          status: 410,
          headers: { "content-type": "application/json", "x-trace-id": "tr-h" },
        }),
    );
    expect(await api.request("GET", "/basket/9")).toEqual({ ok: false, status: 410, errors, traceId: "tr-h" });
  });

  test("a non-ok answer without an errors list has its body wrapped in a list", async () => {
    const { api } = client(async () => new Response("Bad gateway", { status: 502 }));
    expect(await api.request("GET", "/menu")).toEqual({
      ok: false,
      status: 502,
      errors: [{ code: "HTTP", message: "Bad gateway" }],
    });
    const { api: other } = client(async () => json({ title: "Oops" }, 500));
    expect(await other.request("GET", "/menu")).toEqual({ ok: false, status: 500, errors: [{ title: "Oops" }] });
  });

  test("a network failure is 'Request to … failed with status …'", async () => {
    const { api } = client(async () => {
      throw new TypeError("Failed to fetch");
    });
    const result = await api.request("GET", "/language");
    expect(result).toEqual({
      ok: false,
      status: 0,
      errors: [{ code: "NETWORK", message: "Request to /api/language failed with status 0" }],
    });
  });

  test("get throws ApiError with status, errors and trace id", async () => {
    const { api } = client(async () => json({ errors: [{ code: "X", message: "Broken" }], traceId: "tr-2" }, 500));
    const error = await api.get("/language").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: "Broken", traceId: "tr-2" });
  });
});

describe("serviceBaseUrl (SPEC §7)", () => {
  test("defaults to our own API on the same origin", () => {
    expect(serviceBaseUrl("basket", "production", undefined)).toBe("/api");
  });
  test("service subdomain + environment prefix + provider domain + /api", () => {
    expect(serviceBaseUrl("basket", "production", "example.dk")).toBe("https://basket.example.dk/api");
    expect(serviceBaseUrl("basket", "ci", "example.dk")).toBe("https://basket.ci.example.dk/api");
    expect(serviceBaseUrl("menu", "staging", "example.dk")).toBe("https://menu.staging.example.dk/api");
  });
});

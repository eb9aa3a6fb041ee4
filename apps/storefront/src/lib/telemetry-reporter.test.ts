import { describe, expect, test, vi } from "vitest";
import { ApiError, createApiClient } from "./api-client";
import { appErrorEvent } from "./telemetry-event";
import { createTelemetryReporter, MAX_REPORTS_PER_PAGE } from "./telemetry-reporter";

function reporter(answer: () => Promise<Response> = async () => new Response(null, { status: 202 }), token = "tok") {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer());
  const client = createApiClient({ baseUrl: "/api", getToken: () => token, fetch });
  return { fetch, ...createTelemetryReporter(client) };
}

const sentBody = (fetch: ReturnType<typeof reporter>["fetch"], call = 0) =>
  JSON.parse(String(fetch.mock.calls[call]?.[1]?.body));

describe("reportEvent", () => {
  test("posts the event as JSON to /api/telemetry, with the token when there is one", () => {
    const { fetch, reportEvent } = reporter();
    reportEvent({ name: "ShopError", message: "Menu failed", path: "/menu", details: { status: 502 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/telemetry");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ authorization: "Bearer tok", "content-type": "application/json" });
    expect(sentBody(fetch)).toEqual({
      name: "ShopError",
      message: "Menu failed",
      path: "/menu",
      details: { status: 502 },
    });
  });

  test("never throws nor rejects, whether fetch throws, rejects or the API refuses", async () => {
    const throwing = reporter(() => {
      throw new Error("fetch is broken");
    });
    expect(() => throwing.reportEvent({ name: "AppError" })).not.toThrow();
    const rejecting = reporter(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(() => rejecting.reportEvent({ name: "AppError" })).not.toThrow();
    const refused = reporter(async () => new Response('{"errors":[]}', { status: 429 }));
    expect(() => refused.reportEvent({ name: "AppError" })).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0)); // an unhandled rejection would fail the run here
  });

  test(`sends at most ${MAX_REPORTS_PER_PAGE} events per page load`, () => {
    const { fetch, reportEvent } = reporter();
    for (let i = 0; i < 25; i++) reportEvent({ name: "AppError", message: `render ${i}` });
    expect(fetch).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  test("cuts text to the API's limits instead of having the report refused", () => {
    const { fetch, reportEvent } = reporter();
    const details = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, "d".repeat(600)]));
    reportEvent({
      name: "AppError",
      message: "m".repeat(900),
      path: "/p".repeat(400),
      traceId: "t".repeat(200),
      details,
    });
    const body = sentBody(fetch);
    expect(body.message).toHaveLength(500);
    expect(body.path).toHaveLength(500);
    expect(body.traceId).toHaveLength(100);
    expect(Object.keys(body.details)).toHaveLength(20);
    expect(body.details.k0).toHaveLength(500);
  });
});

describe("reportAppError", () => {
  test("sends an AppError with the message, the path, and a failed API call's trace id, status and code", () => {
    const { fetch, reportAppError } = reporter();
    const failure = new ApiError({
      ok: false,
      status: 500,
      errors: [{ code: "INTERNAL", message: "Sorry" }],
      traceId: "tr-9",
    });
    reportAppError(failure, "/checkout");
    expect(sentBody(fetch)).toEqual({
      name: "AppError",
      message: "Sorry",
      path: "/checkout",
      traceId: "tr-9",
      details: { status: 500, code: "INTERNAL" },
    });
  });

  test("describes anything thrown: an Error, a string, an object", () => {
    expect(appErrorEvent(new TypeError("x is undefined"), "/")).toEqual({
      name: "AppError",
      message: "x is undefined",
      path: "/",
      details: { errorName: "TypeError" },
    });
    expect(appErrorEvent("boom", "/menu")).toEqual({ name: "AppError", message: "boom", path: "/menu" });
    expect(appErrorEvent({ reason: 1 }, "/")).toEqual({ name: "AppError", message: '{"reason":1}', path: "/" });
    expect(appErrorEvent(undefined, "/").message).toBe("undefined");
  });
});

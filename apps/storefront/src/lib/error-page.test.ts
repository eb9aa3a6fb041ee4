import { describe, expect, test } from "vitest";
import { ApiError } from "./api-client";
import { errorPagePath } from "./error-page";

describe("errorPagePath", () => {
  test("carries the failed call's trace id, encoded", () => {
    const failure = new ApiError({ ok: false, status: 500, errors: [], traceId: "a b/1" });
    expect(errorPagePath(failure)).toBe("/error?traceId=a%20b%2F1");
  });

  test("is plain /error without one (a network failure, null, anything else)", () => {
    expect(errorPagePath(new TypeError("Failed to fetch"))).toBe("/error");
    expect(errorPagePath(null)).toBe("/error");
    expect(errorPagePath({ traceId: 42 })).toBe("/error");
  });

  test("too many new baskets or checkouts from the guest's network (429 TOO_MANY_REQUESTS) say so on the error page", () => {
    const failure = new ApiError({
      ok: false,
      status: 429,
      errors: [{ code: "TOO_MANY_REQUESTS", message: "Too many requests" }],
      traceId: "t1",
    });
    expect(errorPagePath(failure)).toBe("/error?traceId=t1&reason=busy");
  });
});

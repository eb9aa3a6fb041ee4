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
});

import { describe, expect, test } from "vitest";
import { ApiError } from "./api";
import { shouldRetry } from "./query-client";

describe("shouldRetry", () => {
  for (const status of [401, 403, 404]) {
    test(`a ${status} is not retried`, () => {
      expect(shouldRetry(0, new ApiError(status, []))).toBe(false);
    });
  }
  test("a server error is retried once", () => {
    expect(shouldRetry(0, new ApiError(503, []))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, []))).toBe(false);
  });
  test("a network failure is retried once", () => {
    expect(shouldRetry(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetry(1, new TypeError("Failed to fetch"))).toBe(false);
  });
});

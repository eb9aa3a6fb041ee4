import { describe, expect, test } from "vitest";
import { p99Pair } from "./place-order.mjs";

const pair = (httpP99, inProcessP99) => ({
  ours: { allCalls: { p99: httpP99 } },
  bare: { allCalls: { p99: inProcessP99 } },
});

describe("the p99 of a call, HTTP vs in-process", () => {
  test("is judged on the pair whose p99 ratio is the median of the interleaved pairs", () => {
    const middle = pair(120, 100);
    expect(p99Pair([pair(300, 100), middle, pair(50, 100)])).toBe(middle);
  });

  test("a pair slow on both sides (a busy moment of the machine) is not an outlier of the ratio", () => {
    const busy = pair(700, 500);
    expect(p99Pair([pair(110, 100), busy, pair(500, 100)])).toBe(busy);
  });
});

import { describe, expect, test } from "vitest";
import { summarize } from "./compare.mjs";
import { failureKinds, throughputRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const run = (overrides = {}) => ({
  requestsPerSecond: 1000,
  answered: 5000,
  statusCounts: { "2xx or 3xx": 5000 },
  errors: 0,
  timeouts: 0,
  ...overrides,
});

describe("summarize", () => {
  test("adds up several processes' runs; a clean run has no failures and no breakdown", () => {
    expect(summarize([run(), run({ requestsPerSecond: 500, answered: 2500 })])).toEqual({
      requestsPerSecond: 1500,
      answered: 7500,
      failures: 0,
    });
  });

  test("counts non-2xx answers, socket errors and timeouts as failures, and keeps them apart", () => {
    const summary = summarize([
      run({ statusCounts: { "2xx or 3xx": 4998, "4xx or 5xx": 2 }, timeouts: 3 }),
      run({ errors: 1 }),
    ]);
    expect(summary.failures).toBe(6);
    expect(summary.failedAs).toEqual({ status: 2, errors: 1, timeouts: 3 });
  });
});

describe("a failed row says what failed", () => {
  const pair = (ours) => ({ ours: { requestsPerSecond: 900, ...ours }, bare: { requestsPerSecond: 1000 }, ratio: 0.9 });

  test("the kinds of our side's failures over the pairs, one or many", () => {
    const pairs = [
      pair({ failures: 4, failedAs: { status: 0, errors: 1, timeouts: 3 } }),
      pair({ failures: 0 }),
      pair({ failures: 1, failedAs: { status: 1, errors: 0, timeouts: 0 } }),
    ];
    expect(failureKinds(pairs)).toBe(" (1 answer of 4xx or 5xx, 3 timeouts, 1 socket error)");
    expect(failureKinds([pair({ failures: 0 })])).toBe("");
  });

  test("a throughput row with failures fails whatever its ratio, and names them", () => {
    const pairs = [pair({ failures: 2, failedAs: { status: 0, errors: 0, timeouts: 2 } })];
    const row = throughputRow({
      part: "1 catalogue reads",
      name: "POST /api/context",
      result: { ratio: 0.9, oursPerSecond: 900, barePerSecond: 1000, middle: pairs[0], pairs, failures: 2 },
      target: TARGETS.catalogueRead,
    });
    expect(row.pass).toBe(false);
    expect(row.measured).toContain("2 failed (2 timeouts)");
  });
});

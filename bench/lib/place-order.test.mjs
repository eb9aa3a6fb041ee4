import { describe, expect, test } from "vitest";
import { allCallsP99Row, GUESTS, meanCallTimeRow } from "./place-order.mjs";

const run = (allCalls) => ({ calls: [], allCalls: { count: 0, p50: 0, p99: 0, max: 0, ...allCalls } });

describe("the mean call time row (Little's law)", () => {
  test("divides the guests by the calls started a second, beside the measured mean", () => {
    const row = meanCallTimeRow("PGlite", run({ meanMs: 70.04, perSecond: 444 }));
    expect(GUESTS).toBe(32);
    expect(row.measured).toBe("70.0 ms; 32 ÷ 444/s = 72.1 ms");
    expect(row.name).toContain("(PGlite)");
  });

  test("states the rate a 100 ms mean needs, and reports without passing or failing the run", () => {
    const row = meanCallTimeRow("pg×1", run({ meanMs: 140, perSecond: 228 }));
    expect(row.target).toBe("(reported; a mean under 100 ms needs > 320 calls/s)");
    expect(row.pass).toBeNull();
    expect(row.details).toEqual({ meanMs: 140, callsPerSecond: 228, neededPerSecond: 320 });
  });
});

describe("the p99 of every call together", () => {
  test("is held to the same 100 ms as the slowest route, but only reported", () => {
    const row = allCallsP99Row("PGlite", run({ count: 9000, p50: 30.2, p99: 88.84, max: 140 }));
    expect(row.measured).toBe("88.8 ms");
    expect(row.target).toBe("≤ 100 ms");
    expect(row.pass).toBe(true);
    expect(row.informational).toBe(true);
    expect(row.name).toBe("p99 of every call together, all routes (PGlite)");
  });

  test("above 100 ms it shows as an informational miss", () => {
    const row = allCallsP99Row("pg×1", run({ count: 9000, p99: 111.1 }));
    expect(row.pass).toBe(false);
    expect(row.informational).toBe(true);
  });
});

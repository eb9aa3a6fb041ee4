import { describe, expect, test } from "vitest";
import { budgetRow, infoRow, missedTargets, ratioRow, throughputRow } from "./table.mjs";
import { describeTarget, formatRatio, meets, TARGETS } from "./targets.mjs";

/** [target, ours, baseline, pass]: figures of one run in, the verdict out. */
const RATIOS = [
  ["catalogueRead", 8500, 10_000, true],
  ["catalogueRead", 8000, 10_000, true],
  ["catalogueRead", 7900, 10_000, false],
  ["guestRead", 610, 1000, true],
  ["guestRead", 590, 1000, false],
  ["ordersPerSecond", 70, 100, true],
  ["ordersPerSecond", 69, 100, false],
  ["callP99", 140, 100, true],
  ["callP99", 150, 100, true],
  ["callP99", 151, 100, false],
  ["lcpOverSnapshot", 2000, 1000, true],
  ["lcpOverSnapshot", 2100, 1000, false],
  ["rssGrowth", 550, 500, true],
  ["rssGrowth", 560, 500, false],
];

const row = (name, ours, baseline) => ratioRow({ part: "p", name, ours, baseline, unit: "", target: TARGETS[name] });

describe("the verdict of a ratio, from the figures of one run", () => {
  test.each(RATIOS)("%s: %d vs %d → pass %s", (name, ours, baseline, pass) => {
    expect(row(name, ours, baseline).pass).toBe(pass);
  });

  test.each(RATIOS)(
    "%s: the same figures on a machine 3× slower (%d vs %d) → pass %s still",
    (name, ours, baseline, pass) => {
      // Throughput is a third, times and memory are 3× (memory does not scale with speed, but a ratio does not care).
      const slower = TARGETS[name].atLeast !== undefined ? 1 / 3 : 3;
      expect(row(name, ours * slower, baseline * slower).pass).toBe(pass);
    },
  );

  test("a ratio with failed requests on our side fails, however good the ratio", () => {
    const fast = ratioRow({
      part: "p",
      name: "x",
      ours: 2,
      baseline: 1,
      unit: "/s",
      target: TARGETS.catalogueRead,
      failures: 3,
    });
    expect(fast).toMatchObject({ pass: false, measured: "2 vs 1 /s, 3 failed", target: "≥ 80 %, 0 failed" });
  });

  test("a baseline that measured nothing (0 or NaN) never passes", () => {
    expect(row("callP99", 100, 0).pass).toBe(false);
    expect(row("guestRead", 0, 0).pass).toBe(false);
  });
});

describe("figures that do not depend on the machine's speed", () => {
  test.each([
    ["firstLoadKb", 134.9, true],
    ["firstLoadKb", 135.1, false],
    ["roundTripsBeforeFirstTile", 1, true],
    ["roundTripsBeforeFirstTile", 2, false],
    ["cls", 0.02, true],
    ["cls", 0.021, false],
    ["errors", 0, true],
    ["errors", 1, false],
  ])("%s = %d → pass %s", (name, value, pass) => {
    expect(budgetRow({ part: "p", name, value, target: TARGETS[name] }).pass).toBe(pass);
  });
});

describe("what fails the run", () => {
  const rows = [
    row("catalogueRead", 9, 10),
    infoRow({ part: "p", name: "cold start", value: 9000, unit: "ms" }),
    infoRow({ part: "p", name: "TBT", value: 1200, unit: "ms" }),
    { ...row("ordersPerSecond", 1, 10), informational: true },
  ];

  test("absolute figures and informational rows never do; a missed ratio does", () => {
    expect(missedTargets(rows)).toEqual([]);
    const missed = row("guestRead", 5, 10);
    expect(missedTargets([...rows, missed])).toEqual([missed]);
  });

  test("a throughput row passes or fails on the median pair's ratio", () => {
    const pair = (ratio) => ({
      ours: { requestsPerSecond: ratio * 1000, failures: 0 },
      bare: { requestsPerSecond: 1000 },
      ratio,
    });
    const pairs = [pair(0.5), pair(0.85), pair(0.95)];
    const result = { ratio: 0.85, oursPerSecond: 850, barePerSecond: 1000, middle: pairs[1], pairs, failures: 0 };
    const judged = throughputRow({ part: "p", name: "GET /api/menu", result, target: TARGETS.catalogueRead });
    expect(judged).toMatchObject({ pass: true, shownRatio: "85.0 %", target: "≥ 80 %" });
    expect(judged.measured).toBe("850/s vs 1,000/s; pairs 50–95 %");
  });
});

describe("how targets and ratios are shown", () => {
  test("throughput and memory as percentages, times as multiples, budgets with their unit", () => {
    expect(describeTarget(TARGETS.guestRead)).toBe("≥ 60 %");
    expect(describeTarget(TARGETS.rssGrowth)).toBe("≤ 110 %");
    expect(describeTarget(TARGETS.callP99)).toBe("≤ 1.5×");
    expect(describeTarget(TARGETS.firstLoadKb, "KB gzip")).toBe("≤ 135 KB gzip");
    expect(formatRatio(TARGETS.lcpOverSnapshot, 1.234)).toBe("1.23×");
    expect(formatRatio(TARGETS.catalogueRead, 0.8123)).toBe("81.2 %");
    expect(meets(TARGETS.errors, Number.NaN)).toBe(false);
  });
});

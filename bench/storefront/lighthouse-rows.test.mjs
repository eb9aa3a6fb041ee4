import { describe, expect, test } from "vitest";
import { benchmarkIndexRow, lighthouseRows } from "./lighthouse-rows.mjs";

const run = (lcp, { cls = 0, tbt = 20, benchmarkIndex } = {}) => ({ performance: 98, cls, tbt, lcp, benchmarkIndex });
const byName = (rows) => Object.fromEntries(rows.map((r) => [r.name.replace(/^Lighthouse \S+ \/ /, ""), r]));

describe("Lighthouse rows", () => {
  test("a page's LCP is judged on the median of its runs against its snapshot's median, as a ratio", () => {
    const rows = byName(lighthouseRows("/", [run(1900), run(2300), run(1950)], [run(1000), run(900), run(950)]));
    expect(rows["LCP vs script-free snapshot LCP"]).toMatchObject({ measured: "1950 vs 950 ms", pass: false });
    expect(rows["LCP vs script-free snapshot LCP"].shownRatio).toBe("2.05×");
  });

  test("the same page on a machine 3× slower (every LCP 3× longer) gets the same verdict", () => {
    const fast = byName(lighthouseRows("/", [run(1800)], [run(1000)]));
    const slow = byName(lighthouseRows("/", [run(5400)], [run(3000)]));
    expect(fast["LCP vs script-free snapshot LCP"].pass).toBe(true);
    expect(slow["LCP vs script-free snapshot LCP"].pass).toBe(true);
  });

  test("an LCP over 2 s, TBT and the score are printed, never judged; CLS is judged", () => {
    const rows = byName(lighthouseRows("/checkout", [run(4000, { tbt: 900, cls: 0.05 })], [run(2500)]));
    expect(rows.TBT).toMatchObject({ measured: "900 ms", pass: null });
    expect(rows["performance score"].pass).toBeNull();
    expect(rows["LCP vs script-free snapshot LCP"].pass).toBe(true);
    expect(rows.CLS).toMatchObject({ measured: "0.05", target: "≤ 0.02", pass: false });
  });

  test("the machine's benchmark index is printed as the median of every run, with its range", () => {
    const row = benchmarkIndexRow(
      [run(1, { benchmarkIndex: 3400 }), run(1, { benchmarkIndex: 1700 })].concat([
        run(1, { benchmarkIndex: 3100 }),
        run(1, { benchmarkIndex: 2900 }),
      ]),
    );
    expect(row).toMatchObject({ measured: "3000 (1700–3400)", pass: null });
  });

  test("runs without a benchmark index report none rather than a made-up figure", () => {
    expect(benchmarkIndexRow([run(1)])).toMatchObject({ measured: "—", pass: null });
  });
});

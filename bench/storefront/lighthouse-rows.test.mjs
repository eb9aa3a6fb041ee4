import { describe, expect, test } from "vitest";
import { benchmarkIndexRow, lighthouseRows } from "./lighthouse-rows.mjs";

const run = (lcp, benchmarkIndex) => ({ performance: 98, cls: 0, tbt: 20, lcp, benchmarkIndex });

describe("Lighthouse rows", () => {
  test("a page passes on the median of its runs, and its LCP is compared with its snapshot's", () => {
    const rows = lighthouseRows("/", [run(1900), run(2300), run(1950)], [run(1000), run(900), run(950)]);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName["Lighthouse / / LCP"]).toMatchObject({ value: 1950, pass: true });
    expect(byName["Lighthouse / / LCP ÷ snapshot LCP"]).toMatchObject({ value: 2.05, pass: true });
  });

  test("an LCP over 2 s fails its row", () => {
    const rows = lighthouseRows("/checkout", [run(2100), run(2050), run(1990)], [run(1000)]);
    expect(rows.find((r) => r.name === "Lighthouse /checkout / LCP")).toMatchObject({ value: 2050, pass: false });
  });

  test("the machine's benchmark index is reported as the median of every run, with its range", () => {
    const row = benchmarkIndexRow([run(1, 3400), run(1, 1700), run(1, 3100), run(1, 2900)]);
    expect(row).toMatchObject({ value: 3000, unit: "(1700–3400)", target: "(reference)", pass: true });
  });

  test("runs without a benchmark index report none rather than a made-up figure", () => {
    expect(benchmarkIndexRow([run(1, undefined)])).toMatchObject({ value: "—", pass: true });
  });
});

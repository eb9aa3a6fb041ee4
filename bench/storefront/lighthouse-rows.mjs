import { budgetRow, infoRow, ratioRow } from "../lib/table.mjs";
import { TARGETS } from "../lib/targets.mjs";
import { median } from "./stats.mjs";

export const PART = "5 storefront";

/**
 * The rows of one page, on the median of its Lighthouse runs (mobile preset): CLS against its bound, the LCP against
 * the LCP of the page's script-free snapshot measured in the same run; score, TBT and the LCPs themselves for
 * information (the mobile preset slows the CPU 4× whatever the machine: they move with the machine).
 */
export function lighthouseRows(pageName, appRuns, snapshotRuns) {
  const of = (runs, metric) => median(runs.map((run) => run[metric]));
  const lcp = of(appRuns, "lcp");
  const snapshotLcp = of(snapshotRuns, "lcp");
  const name = (metric) => `Lighthouse ${pageName} / ${metric}`;
  return [
    ratioRow({
      part: PART,
      name: name("LCP vs script-free snapshot LCP"),
      ours: Math.round(lcp),
      baseline: Math.round(snapshotLcp),
      unit: "ms",
      target: TARGETS.lcpOverSnapshot,
    }),
    budgetRow({ part: PART, name: name("CLS"), value: Number(of(appRuns, "cls").toFixed(3)), target: TARGETS.cls }),
    infoRow({ part: PART, name: name("performance score"), value: of(appRuns, "performance") }),
    infoRow({ part: PART, name: name("TBT"), value: Math.round(of(appRuns, "tbt")), unit: "ms" }),
  ];
}

/**
 * The machine's speed as Lighthouse measured it before each run (`environment.benchmarkIndex`, higher is faster),
 * the median over every run of the part: it tells a slow day of a shared machine from a slower storefront.
 */
export function benchmarkIndexRow(runs) {
  const name = "Lighthouse CPU benchmark index (median of the runs)";
  const indexes = runs.map((run) => run.benchmarkIndex).filter((index) => typeof index === "number");
  if (indexes.length === 0) return infoRow({ part: PART, name, measured: "—" });
  const range = `(${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))})`;
  return infoRow({ part: PART, name, measured: `${Math.round(median(indexes))} ${range}` });
}

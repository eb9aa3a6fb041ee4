import { median, row } from "./stats.mjs";

/** Issue 12 part 5's Lighthouse targets (mobile preset, median of the runs). */
const TARGETS = { performance: 95, cls: 0.02, tbtMs: 100, lcpMs: 2000, lcpOverSnapshot: 2.5 };

/** The rows of one page: its runs' medians against the targets, and its LCP against its script-free snapshot. */
export function lighthouseRows(pageName, appRuns, snapshotRuns) {
  const of = (runs, metric) => median(runs.map((run) => run[metric]));
  const performance = of(appRuns, "performance");
  const cls = of(appRuns, "cls");
  const tbt = of(appRuns, "tbt");
  const lcp = of(appRuns, "lcp");
  const snapshotLcp = of(snapshotRuns, "lcp");
  const ratio = lcp / snapshotLcp;
  const name = (metric) => `Lighthouse ${pageName} / ${metric}`;
  return [
    row(name("performance"), performance, "score", `≥ ${TARGETS.performance}`, performance >= TARGETS.performance),
    row(name("CLS"), round(cls, 3), "", `≤ ${TARGETS.cls}`, cls <= TARGETS.cls),
    row(name("TBT"), Math.round(tbt), "ms", `≤ ${TARGETS.tbtMs}`, tbt <= TARGETS.tbtMs),
    row(name("LCP"), Math.round(lcp), "ms", `≤ ${TARGETS.lcpMs}`, lcp <= TARGETS.lcpMs),
    row(name("LCP of script-free snapshot"), Math.round(snapshotLcp), "ms", "(reference)", true),
    row(
      name("LCP ÷ snapshot LCP"),
      round(ratio, 2),
      "×",
      `≤ ${TARGETS.lcpOverSnapshot}`,
      ratio <= TARGETS.lcpOverSnapshot,
    ),
  ];
}

/**
 * The machine's speed as Lighthouse measured it before each run (`environment.benchmarkIndex`, higher is faster),
 * the median over every run of the part. The mobile preset slows the CPU 4× whatever the machine, so TBT and LCP
 * move with this figure: it tells a slow day of a shared machine from a slower storefront.
 */
export function benchmarkIndexRow(runs) {
  const name = "Lighthouse CPU benchmark index (median of the runs)";
  const indexes = runs.map((run) => run.benchmarkIndex).filter((index) => typeof index === "number");
  if (indexes.length === 0) return row(name, "—", "", "(reference)", true);
  const range = `(${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))})`;
  return row(name, Math.round(median(indexes)), range, "(reference)", true);
}

function round(value, digits) {
  return Number(value.toFixed(digits));
}

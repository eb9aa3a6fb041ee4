// The targets of `npm run bench` (issue 40). Each is either a ratio of two figures measured in the same run
// (ours against a baseline on the same machine, at the same moment), so the same code passes on a fast or a
// slow machine, or a figure that does not depend on the machine's speed at all (bytes, round trips, layout
// shift, errors). Absolute times are printed for information and never judged.

/** `atLeast`/`atMost`: the bound; `as`: how the ratio is shown ("percent" or "times"); `baseline`: what it is of. */
export const TARGETS = {
  catalogueRead: { atLeast: 0.8, as: "percent", baseline: "a bare node:http server sending the same bytes" },
  guestRead: { atLeast: 0.6, as: "percent", baseline: "the same read as an in-process function call" },
  ordersPerSecond: { atLeast: 0.7, as: "percent", baseline: "the same flows in-process (app.inject)" },
  callP99: { atMost: 1.5, as: "times", baseline: "the in-process p99 of the same flows" },
  lcpOverSnapshot: { atMost: 2.0, as: "times", baseline: "the LCP of a script-free snapshot of the page" },
  rssGrowth: { atMost: 1.1, as: "percent", baseline: "the API's RSS in the first third of the rush" },
  firstLoadKb: { atMost: 135 },
  roundTripsBeforeFirstTile: { atMost: 1 },
  cls: { atMost: 0.02 },
  eventLatencyP99: { atMost: 3, as: "times", baseline: "a bare LISTEN/NOTIFY round trip on the same database" },
  readsDuringUploads: { atLeast: 0.5, as: "percent", baseline: "the same reads without uploads" },
  errors: { atMost: 0 },
};

/** Whether `value` (a ratio, or a figure for a machine-independent target) meets `target`. */
export function meets(target, value) {
  if (typeof value !== "number" || Number.isNaN(value)) return false;
  if (target.atLeast !== undefined && !(value >= target.atLeast)) return false;
  if (target.atMost !== undefined && !(value <= target.atMost)) return false;
  return true;
}

/** The bound as text: "≥ 80 %", "≤ 1.5×", "≤ 135 KB gzip". */
export function describeTarget(target, unit = "") {
  const sign = target.atLeast !== undefined ? "≥" : "≤";
  const bound = target.atLeast ?? target.atMost;
  if (target.as === "percent") return `${sign} ${Math.round(bound * 100)} %`;
  if (target.as === "times") return `${sign} ${bound}×`;
  return `${sign} ${bound}${unit ? ` ${unit}` : ""}`;
}

/** A ratio shown as its target shows it: "83.4 %" or "1.27×". */
export function formatRatio(target, ratio) {
  if (typeof ratio !== "number" || !Number.isFinite(ratio)) return "—";
  return target?.as === "times" ? `${ratio.toFixed(2)}×` : `${(ratio * 100).toFixed(1)} %`;
}

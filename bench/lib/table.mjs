// The figures as rows: { part, name, measured, target, ratio, shownRatio, pass, informational?, details? }.
// `pass` is null for a figure printed for information only; an informational row is judged but does not fail
// the run (the PostgreSQL rows of a PGlite run, the static-file checks). targets.mjs holds the targets.
import { describeTarget, formatRatio, meets } from "./targets.mjs";

const perSecond = (n) => `${Math.round(n).toLocaleString("en-US")}/s`;

/** A figure as text: integers as they are, others to 1 or 2 decimals. */
export const format = (n) =>
  typeof n === "number" ? (Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) < 10 ? 2 : 1)) : String(n);

/**
 * Ours against a baseline measured in the same run: the ratio ours ÷ baseline against `target` (targets.mjs).
 * `failures` (failed requests or flows on our side) fail the row whatever its ratio: a fast wrong answer is no answer.
 */
export function ratioRow({
  part,
  name,
  ours,
  baseline,
  unit,
  target,
  failures = 0,
  measured,
  informational = false,
  details,
}) {
  const ratio = ours / baseline;
  return {
    part,
    name,
    measured: `${measured ?? `${format(ours)} vs ${format(baseline)} ${unit}`.trim()}${failures > 0 ? `, ${failures} failed` : ""}`,
    target: `${describeTarget(target)}${failures > 0 ? ", 0 failed" : ""}`,
    ratio,
    shownRatio: formatRatio(target, ratio),
    pass: meets(target, ratio) && failures === 0,
    informational,
    details,
  };
}

/** A throughput comparison (compare.mjs's result) as a ratio row, with the pairs' spread and the CPU per answer. */
export function throughputRow({ part, name, result, target, informational = false }) {
  const failed = result.failures > 0;
  const spread = failed ? "" : `${pairSpread(result.pairs)}${cpuPerAnswer(result.middle)}`;
  const row = ratioRow({
    part,
    name,
    ours: result.oursPerSecond,
    baseline: result.barePerSecond,
    target,
    failures: result.failures,
    measured: `${perSecond(result.oursPerSecond)} vs ${perSecond(result.barePerSecond)}${spread}`,
    informational,
    details: result.pairs,
  });
  return failed ? { ...row, measured: `${row.measured}${failureKinds(result.pairs)}` } : row;
}

/** A figure that does not depend on the machine's speed (bytes, round trips, layout shift, errors) against its bound. */
export function budgetRow({ part, name, value, unit = "", target, informational = false, details }) {
  return {
    part,
    name,
    measured: `${format(value)} ${unit}`.trim(),
    target: describeTarget(target, unit),
    ratio: null,
    shownRatio: "",
    pass: meets(target, value),
    informational,
    details,
  };
}

/** A check that either holds or says what is wrong (`problems` empty: it holds). */
export function checkRow({ part, name, problems, informational = false }) {
  return {
    part,
    name,
    measured: problems.join("; ") || "ok",
    target: "ok",
    ratio: null,
    shownRatio: "",
    pass: problems.length === 0,
    informational,
  };
}

/** A figure printed for information only: an absolute time, a rate, a size. */
export function infoRow({ part, name, value, unit = "", measured, details }) {
  return {
    part,
    name,
    measured: measured ?? `${format(value)} ${unit}`.trim(),
    target: "(information)",
    ratio: null,
    shownRatio: "",
    pass: null,
    details,
  };
}

/** What our side's failed requests were, over the pairs (compare.mjs's `failedAs`): " (3 timeouts, 1 socket error)". */
export function failureKinds(pairs = []) {
  const sum = (kind) => pairs.reduce((total, pair) => total + (pair.ours?.failedAs?.[kind] ?? 0), 0);
  const kinds = [
    [sum("status"), "answer of 4xx or 5xx", "answers of 4xx or 5xx"],
    [sum("timeouts"), "timeout", "timeouts"],
    [sum("errors"), "socket error", "socket errors"],
  ].filter(([count]) => count > 0);
  return kinds.length === 0 ? "" : ` (${kinds.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(", ")})`;
}

/**
 * The lowest and highest ratio of the interleaved pairs: a wide spread says the machine moved under the run (the
 * median is reported all the same), a narrow one that the median stands for every pair.
 */
function pairSpread(pairs = []) {
  if (pairs.length < 2) return "";
  const ratios = pairs.map((pair) => pair.ratio * 100);
  return `; pairs ${Math.round(Math.min(...ratios))}–${Math.round(Math.max(...ratios))} %`;
}

/**
 * The CPU time the server spent an answer in the median pair, ours vs the baseline's: what the code costs, whether
 * or not the load generator kept the server's core busy all the time.
 */
function cpuPerAnswer(middle) {
  const ours = middle?.ours?.cpuMicrosPerAnswer;
  const bare = middle?.bare?.cpuMicrosPerAnswer;
  if (typeof ours !== "number" || typeof bare !== "number") return "";
  return `; CPU ${ours.toFixed(1)} vs ${bare.toFixed(1)} µs an answer`;
}

const verdict = (row) => (row.pass === null ? "—" : row.pass ? "pass" : row.informational ? "FAIL (info)" : "FAIL");

const HEADER = ["part", "measurement", "measured", "target", "ratio", "result"];
const cellsOf = (r) => [r.part, r.name, r.measured, r.target, r.shownRatio ?? "", verdict(r)];

export function formatTable(rows) {
  const cells = rows.map(cellsOf);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((text, i) => text.padEnd(widths[i])).join(" │ ");
  return [line(HEADER), widths.map((w) => "─".repeat(w)).join("─┼─"), ...cells.map(line)].join("\n");
}

/** The table as Markdown, for bench/README.md's latest run. */
export function markdownTable(rows) {
  const escapePipes = (text) => text.replaceAll("|", "\\|");
  const lines = [`| ${HEADER.join(" | ")} |`, `|${HEADER.map(() => "---").join("|")}|`];
  for (const r of rows) lines.push(`| ${cellsOf(r).map(escapePipes).join(" | ")} |`);
  return lines.join("\n");
}

/** The run fails when a row with a target that counts missed it; information rows never fail it. */
export const missedTargets = (rows) => rows.filter((r) => r.pass === false && !r.informational);

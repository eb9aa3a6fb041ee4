// The figures as rows: { part, name, measured, target, ratio, pass, informational?, details? }. `ratio`
// is measured/target-baseline where the target is a ratio; `pass` null when there is no target;
// informational rows are shown but do not fail the run.

const perSecond = (n) => `${Math.round(n).toLocaleString("en-US")}/s`;
export const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`;

/** A row of a throughput comparison with a bare baseline (compare.mjs's result). */
export function ratioRow({ part, name, result, target, informational = false }) {
  const failed = result.failures > 0;
  return {
    part,
    name,
    measured: `${perSecond(result.oursPerSecond)} vs ${perSecond(result.barePerSecond)}${pairSpread(result.pairs)}${cpuPerAnswer(result.middle)}${failed ? `, ${result.failures} failed${failureKinds(result.pairs)}` : ""}`,
    target: `≥ ${percent(target)}${failed ? ", 0 failed" : ""}`,
    ratio: result.ratio,
    pass: result.ratio >= target && !failed,
    informational,
    details: result.pairs,
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
 * The CPU time the server spent an answer in the median pair, ours vs the bare server's: what the code costs,
 * whether or not the load generator kept the server's core busy all the time.
 */
function cpuPerAnswer(middle) {
  const ours = middle?.ours?.cpuMicrosPerAnswer;
  const bare = middle?.bare?.cpuMicrosPerAnswer;
  if (typeof ours !== "number" || typeof bare !== "number") return "";
  return `; CPU ${ours.toFixed(1)} vs ${bare.toFixed(1)} µs an answer`;
}

/** A row of one figure against a limit: `pass` when `value` is at most (or, with atLeast, at least) `limit`. */
export function limitRow({ part, name, value, unit, limit, atLeast = false, informational = false, details }) {
  const hasLimit = limit !== undefined && limit !== null;
  return {
    part,
    name,
    measured: `${format(value)} ${unit}`.trim(),
    target: hasLimit ? `${atLeast ? "≥" : "≤"} ${format(limit)} ${unit}`.trim() : "(reported)",
    ratio: hasLimit && limit !== 0 ? value / limit : null,
    pass: hasLimit ? (atLeast ? value >= limit : value <= limit) : null,
    informational,
    details,
  };
}

const format = (n) =>
  typeof n === "number" ? (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 1)) : String(n);

/** Rows of the storefront's measureStorefront(): { name, value, unit, target, pass }. */
export function storefrontRow({ name, value, unit, target, pass }) {
  return {
    part: "5/6 storefront",
    name,
    measured: `${format(value)} ${unit ?? ""}`.trim(),
    target: String(target ?? "(reported)"),
    ratio: null,
    pass: pass ?? null,
  };
}

const verdict = (row) => (row.pass === null ? "—" : row.pass ? "pass" : row.informational ? "FAIL (info)" : "FAIL");

export function formatTable(rows) {
  const header = ["part", "measurement", "measured", "target", "ratio", "result"];
  const cells = rows.map((r) => [
    r.part,
    r.name,
    r.measured,
    r.target,
    r.ratio === null ? "" : percent(r.ratio),
    verdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((text, i) => text.padEnd(widths[i])).join(" │ ");
  return [line(header), widths.map((w) => "─".repeat(w)).join("─┼─"), ...cells.map(line)].join("\n");
}

/** Markdown table for bench/README.md. */
export function markdownTable(rows) {
  const lines = ["| part | measurement | measured | target | ratio | result |", "|---|---|---|---|---|---|"];
  for (const r of rows)
    lines.push(
      `| ${r.part} | ${r.name} | ${r.measured} | ${r.target} | ${r.ratio === null ? "" : percent(r.ratio)} | ${verdict(r)} |`,
    );
  return lines.join("\n");
}

/** The run fails when any row with a target that counts missed it. */
export const missedTargets = (rows) => rows.filter((r) => r.pass === false && !r.informational);

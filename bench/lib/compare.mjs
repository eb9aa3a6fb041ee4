// Our server against a bare baseline server, interleaved: ours, bare, ours, bare, … so drift on the
// machine (another job, thermal) hits both alike; each pair gives a ratio and the median is reported.
import { cpuSeconds } from "./cpu.mjs";
import { runLoad } from "./load.mjs";
import { runWrk, wrkAvailable } from "./wrk.mjs";

export const PAIRS = 3;

/** What parts 1 and 2 load with: wrk when installed, else autocannon (the run's first line says which). */
export const readLoader = wrkAvailable()
  ? { name: "wrk", run: runWrk }
  : { name: "autocannon (install wrk: the load generator may be the bottleneck)", run: runLoad };

/**
 * Measures requests/s of `requests` on our processes (`urls` and their `pids`, the connections split among
 * them) and on `bareUrl` (`barePid`), and the CPU time each side spent an answer. Answers the median
 * ratio, the median figures and what went wrong on our side.
 */
export async function compareWithBaseline({
  urls,
  pids,
  bareUrl,
  barePid,
  requests,
  connections,
  pipelining = 1,
  timing,
}) {
  const load = (targetUrls, seconds) => readLoader.run(planFor(targetUrls, requests, connections, pipelining, seconds));
  const measured = async (targetUrls, targetPids) => {
    const before = totalCpuSeconds(targetPids);
    const run = summarize(await load(targetUrls, timing.seconds));
    const after = totalCpuSeconds(targetPids);
    const cpuMicrosPerAnswer = before === null || after === null ? null : ((after - before) * 1e6) / run.answered;
    return { ...run, cpuMicrosPerAnswer };
  };
  // Warmed up first, uncounted: JIT, caches and connections are hot after that.
  await load(urls, timing.warmupSeconds);
  await load([bareUrl], timing.warmupSeconds);
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const [our, base] = [await measured(urls, pids), await measured([bareUrl], [barePid])];
    pairs.push({ ours: our, bare: base, ratio: our.requestsPerSecond / base.requestsPerSecond });
  }
  return { ...compareRuns(pairs), failures: pairs.reduce((sum, p) => sum + p.ours.failures, 0) };
}

function totalCpuSeconds(pids = []) {
  const each = pids.map(cpuSeconds);
  return each.length === 0 || each.includes(null) ? null : each.reduce((a, b) => a + b, 0);
}

/** pairs: [{ ours, bare, ratio }] → the median pair (by ratio) and its figures. */
export function compareRuns(pairs) {
  const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  const rate = (run) => run.requestsPerSecond ?? run.ordersPerSecond;
  return { ratio: middle.ratio, oursPerSecond: rate(middle.ours), barePerSecond: rate(middle.bare), middle, pairs };
}

function planFor(urls, requests, connections, pipelining, seconds) {
  return {
    seconds,
    warmupSeconds: 0,
    targets: urls.map((url) => ({
      name: url,
      url,
      connections: Math.ceil(connections / urls.length),
      pipelining,
      requests,
    })),
  };
}

/**
 * Several targets (processes) as one: requests/s add up; failures are non-2xx answers, socket errors and
 * timeouts, also kept apart (`failedAs`) so a failed row says which.
 */
export function summarize(results) {
  let requestsPerSecond = 0;
  let answered = 0;
  const failedAs = { status: 0, errors: 0, timeouts: 0 };
  for (const r of results) {
    requestsPerSecond += r.requestsPerSecond;
    answered += r.answered;
    failedAs.errors += r.errors;
    failedAs.timeouts += r.timeouts;
    for (const [status, count] of Object.entries(r.statusCounts)) if (!/^2/.test(status)) failedAs.status += count;
  }
  const failures = failedAs.status + failedAs.errors + failedAs.timeouts;
  return { requestsPerSecond, answered, failures, ...(failures > 0 ? { failedAs } : {}) };
}

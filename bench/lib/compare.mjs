// Ours against a baseline measured in the same run, interleaved: ours, baseline, ours, baseline, … so drift on
// the machine (another job, thermal) hits both alike; each pair gives a ratio and the median is reported.
import { cpuSeconds } from "./cpu.mjs";
import { runLoad } from "./load.mjs";
import { runWrk, wrkAvailable } from "./wrk.mjs";

export const PAIRS = 3;

/** What the reads are loaded with: wrk when installed, else autocannon (the run's first line says which). */
export const readLoader = wrkAvailable()
  ? { name: "wrk", run: runWrk }
  : { name: "autocannon (install wrk: the load generator may be the bottleneck)", run: runLoad };

/**
 * A server loaded by the read loader: `urls` (the connections split among them), their processes' `pids` for the
 * CPU time an answer took. warmUp(seconds) loads it uncounted; measure(seconds) answers the run's summary.
 */
export function loadedServer({ urls, pids, requests, connections, pipelining = 1 }) {
  const load = (seconds) => readLoader.run(planFor(urls, requests, connections, pipelining, seconds));
  return {
    warmUp: load,
    async measure(seconds) {
      const before = totalCpuSeconds(pids);
      const run = summarize(await load(seconds));
      const after = totalCpuSeconds(pids);
      const cpuMicrosPerAnswer = before === null || after === null ? null : ((after - before) * 1e6) / run.answered;
      return { ...run, cpuMicrosPerAnswer };
    },
  };
}

/**
 * `ours` against `baseline` (each { warmUp(seconds), measure(seconds) }, measure answering { requestsPerSecond,
 * failures, … }), interleaved PAIRS times after a warm-up of each: the median ratio, the median figures and how
 * many of our requests failed.
 */
export async function interleaved(ours, baseline, timing) {
  // Warmed up first, uncounted: JIT, caches and connections are hot after that.
  await ours.warmUp(timing.warmupSeconds);
  await baseline.warmUp(timing.warmupSeconds);
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const our = await ours.measure(timing.seconds);
    const base = await baseline.measure(timing.seconds);
    pairs.push({ ours: our, bare: base, ratio: our.requestsPerSecond / base.requestsPerSecond });
  }
  return { ...compareRuns(pairs), failures: pairs.reduce((sum, p) => sum + p.ours.failures, 0) };
}

/** Our processes against a bare server (bare-server.mjs), loaded alike. */
export function compareWithBaseline({ urls, pids, bareUrl, barePid, requests, connections, pipelining = 1, timing }) {
  const load = { requests, connections, pipelining };
  return interleaved(
    loadedServer({ urls, pids, ...load }),
    loadedServer({ urls: [bareUrl], pids: [barePid], ...load }),
    timing,
  );
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

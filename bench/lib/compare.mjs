// Our server against a bare baseline server, interleaved: ours, bare, ours, bare, … so drift on the
// machine (another job, thermal) hits both alike; each pair gives a ratio and the median is reported.
import { runLoad } from "./load.mjs";

export const PAIRS = 3;

/**
 * Measures requests/s of `requests` on our processes (`urls`, the connections split among them) and on
 * `bareUrl`. Answers the median ratio, the median figures and what went wrong on our side.
 */
export async function compareWithBaseline({ urls, bareUrl, requests, connections, pipelining = 1, timing }) {
  const ours = (warmupSeconds) => runLoad(planFor(urls, requests, connections, pipelining, timing, warmupSeconds));
  const bare = (warmupSeconds) => runLoad(planFor([bareUrl], requests, connections, pipelining, timing, warmupSeconds));
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    // Only the first run of each warms up: JIT, caches and connections are hot after that.
    const warmup = i === 0 ? timing.warmupSeconds : 0;
    const [our, base] = [summarize(await ours(warmup)), summarize(await bare(warmup))];
    pairs.push({ ours: our, bare: base, ratio: our.requestsPerSecond / base.requestsPerSecond });
  }
  return { ...compareRuns(pairs), failures: pairs.reduce((sum, p) => sum + p.ours.failures, 0) };
}

/** pairs: [{ ours, bare, ratio }] → the median pair (by ratio) and its figures. */
export function compareRuns(pairs) {
  const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  const rate = (run) => run.requestsPerSecond ?? run.ordersPerSecond;
  return { ratio: middle.ratio, oursPerSecond: rate(middle.ours), barePerSecond: rate(middle.bare), middle, pairs };
}

function planFor(urls, requests, connections, pipelining, timing, warmupSeconds) {
  return {
    seconds: timing.seconds,
    warmupSeconds,
    targets: urls.map((url) => ({
      name: url,
      url,
      connections: Math.ceil(connections / urls.length),
      pipelining,
      requests,
    })),
  };
}

/** Several targets (processes) as one: requests/s add up; failures are non-2xx answers, errors and timeouts. */
export function summarize(results) {
  let requestsPerSecond = 0;
  let failures = 0;
  for (const r of results) {
    requestsPerSecond += r.requestsPerSecond;
    failures += r.errors + r.timeouts;
    for (const [status, count] of Object.entries(r.statusCounts)) if (!/^2/.test(status)) failures += count;
  }
  return { requestsPerSecond, failures };
}

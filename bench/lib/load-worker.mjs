// The load generator, a process of its own (started by load.mjs, pinned to its own core): reads a
// plan as JSON on stdin, runs autocannon against every target of it at once (closed loop: each
// connection sends its next request when the previous answer came), prints a summary as JSON.
import autocannon from "autocannon";

const plan = JSON.parse(await readStdin());
if (plan.warmupSeconds > 0) await runAll(plan.targets, plan.warmupSeconds);
const results = await runAll(plan.targets, plan.seconds);
process.stdout.write(JSON.stringify(results));

function runAll(targets, seconds) {
  return Promise.all(targets.map((target) => runOne(target, seconds)));
}

async function runOne(target, seconds) {
  const result = await autocannon({
    url: target.url,
    connections: target.connections,
    pipelining: target.pipelining ?? 1,
    duration: seconds,
    requests: target.requests.map((request) => (target.etags ? withEtags(request) : request)),
    renderProgressBar: false,
    renderResultsTable: false,
  });
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats).map(([s, v]) => [s, v.count]));
  const answered = Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  return {
    name: target.name,
    requestsPerSecond: answered / result.duration,
    answered,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

/**
 * As a browser's cache does: send back the ETag last answered for this path as If-None-Match. Shared by
 * the target's connections (autocannon clears a connection's own context after each pass over its
 * requests): the steady state of guests who have each loaded these answers once before.
 */
function withEtags(request) {
  const etags = new Map();
  return {
    ...request,
    setupRequest(req) {
      const etag = etags.get(req.path);
      return etag ? { ...req, headers: { ...req.headers, "if-none-match": etag } } : req;
    },
    onResponse(status, _body, _context, headers) {
      const etag = headers?.etag ?? headers?.ETag;
      if (status === 200 && etag) etags.set(request.path, etag);
    },
  };
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

// The load generator of parts 1 and 2 when wrk is installed (Debian: `apt-get install -y wrk`): a C
// program that sends ~4× the requests a second autocannon does on one core. With autocannon, the load
// generator's core was busy 98–100 % of a pipelined menu-read run while the server's was not, so the
// row measured autocannon as much as the server. Same plan and summary shapes as load.mjs's runLoad, so
// compare.mjs can take either.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOAD_CORE, onCore } from "./cpu.mjs";

const SUMMARY_MARK = "WRK-SUMMARY ";

/** Whether `wrk` runs here; `BENCH_LOADER=autocannon` asks for autocannon all the same. */
export function wrkAvailable() {
  if (process.env.BENCH_LOADER === "autocannon") return false;
  return spawnSync("wrk", ["--version"]).error === undefined;
}

/**
 * plan: { seconds, warmupSeconds, targets: [{ name, url, connections, pipelining?, requests }] } → one
 * summary per target, as runLoad answers. The targets run at once, a wrk each, one thread on the load core.
 */
export async function runWrk(plan) {
  const dir = mkdtempSync(join(tmpdir(), "bench-wrk-"));
  try {
    const scripts = plan.targets.map((target, i) => {
      const path = join(dir, `target-${i}.lua`);
      writeFileSync(path, luaScript(target.requests, target.pipelining ?? 1, new URL(target.url).host));
      return path;
    });
    const runAll = (seconds) => Promise.all(plan.targets.map((target, i) => runOne(target, scripts[i], seconds)));
    if (plan.warmupSeconds > 0) await runAll(plan.warmupSeconds);
    return await runAll(plan.seconds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runOne(target, script, seconds) {
  // wrk takes whole seconds; the rate is its count over the time it measured itself.
  const duration = `${Math.max(1, Math.round(seconds))}s`;
  const args = ["-t", "1", "-c", String(target.connections), "-d", duration, "-s", script, target.url];
  const [command, argv] = onCore(LOAD_CORE, "wrk", args);
  return new Promise((resolve, reject) => {
    execFile(command, argv, { encoding: "utf8", maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk ${args.join(" ")}: ${error.message} ${stderr}`));
      try {
        resolve({ name: target.name, ...summaryOf(stdout) });
      } catch (failure) {
        reject(failure);
      }
    });
  });
}

/**
 * The Lua script of one target: each connection sends `pipelining` requests at a time, the plan's requests
 * in turn (as autocannon cycles them), and `done` prints wrk's own counts as JSON. No `response` callback:
 * wrk would then hand every answer to Lua, and the generator would be the bottleneck again.
 */
export function luaScript(requests, pipelining, host) {
  const formatted = requests.map(
    (r) =>
      `wrk.format(${luaString(r.method ?? "GET")}, ${luaString(r.path)}, ${luaTable({ ...r.headers, Host: host })}, ${
        r.body === undefined ? "nil" : luaString(r.body)
      })`,
  );
  return `local batch
init = function()
  local requests = { ${formatted.join(", ")} }
  local parts = {}
  for i = 1, ${pipelining} do parts[i] = requests[(i - 1) % #requests + 1] end
  batch = table.concat(parts)
end
request = function() return batch end
done = function(summary)
  local e = summary.errors
  io.write(string.format("${SUMMARY_MARK}{\\"answered\\":%d,\\"micros\\":%d,\\"status\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"timeout\\":%d}\\n",
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout))
end
`;
}

/** wrk's counts → the summary runLoad answers. wrk counts answers with a status of 400 or above as `status` errors. */
export function summaryOf(stdout) {
  const line = stdout.split("\n").find((l) => l.startsWith(SUMMARY_MARK));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout.slice(0, 500)}`);
  const counts = JSON.parse(line.slice(SUMMARY_MARK.length));
  const failedStatus = counts.status;
  return {
    requestsPerSecond: counts.answered / (counts.micros / 1e6),
    answered: counts.answered,
    statusCounts: {
      "2xx or 3xx": counts.answered - failedStatus,
      ...(failedStatus > 0 ? { "4xx or 5xx": failedStatus } : {}),
    },
    errors: counts.connect + counts.read + counts.write,
    timeouts: counts.timeout,
  };
}

/** A Lua string literal of `text`'s UTF-8 bytes: printable ASCII as is, everything else as `\ddd`. */
export function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    if (byte >= 0x20 && byte < 0x7f && char !== '"' && char !== "\\") out += char;
    else out += `\\${String(byte).padStart(3, "0")}`;
  }
  return `${out}"`;
}

function luaTable(headers) {
  const fields = Object.entries(headers).map(([name, value]) => `[${luaString(name)}] = ${luaString(String(value))}`);
  return `{ ${fields.join(", ")} }`;
}

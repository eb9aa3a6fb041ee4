// Part 3, place order: 32 guests each walking complete flows over and over (closed loop) against the
// running product, vs the same flows through app.inject on the same app built in one process (see
// order-flows.mjs for why that is the honest baseline). Interleaved 3 times, median ratio. Also on
// PostgreSQL with 1 and 2 API processes (informational rows) when the main run is on PGlite.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { compareRuns } from "./compare.mjs";
import { LOAD_CORE, nodeOnCore, SERVER_CORE } from "./cpu.mjs";
import { createPgDatabase, postgresReachable, ROOT, startProduct } from "./product.mjs";
import { limitRow, ratioRow } from "./table.mjs";

const FLOWS = join(import.meta.dirname, "order-flows.mjs");
export const GUESTS = 32;
export const TARGET_RATIO = 0.7;
export const P99_LIMIT_MS = 100;

export async function measurePlaceOrder({ setup, timing, log }) {
  const rows = await measureSetup(setup, timing, log, false);
  if (setup.pg) return rows;
  if (!(await postgresReachable())) {
    console.warn("PostgreSQL is not reachable: place order on PostgreSQL (1 and 2 processes) is not measured");
    return rows;
  }
  for (const processes of [1, 2]) rows.push(...(await measureSetup({ pg: true, processes }, timing, log, true)));
  return rows;
}

async function measureSetup(setup, timing, log, informational) {
  const label = setup.pg ? `pg×${setup.processes}` : "PGlite";
  log(`  place order on ${label}`);
  const product = await startProduct(setup);
  const baseline = await startBaseline(setup);
  const http = flowChild("http", LOAD_CORE, { BENCH_FLOW_INPUT: JSON.stringify({ urls: product.urls }) });
  const injected = flowChild("inprocess", SERVER_CORE, baseline.env);
  const httpRuns = [];
  try {
    await Promise.all([http.ready, injected.ready]);
    const run = (child, seconds) => child.send({ run: { seconds, guests: GUESTS } });
    httpRuns.push(await run(http, timing.warmupSeconds + 1));
    await run(injected, timing.warmupSeconds + 1);
    const pairs = [];
    for (let i = 0; i < 3; i++) {
      const ours = await run(http, timing.orderSeconds);
      const base = await run(injected, timing.orderSeconds);
      httpRuns.push(ours);
      pairs.push({ ours, bare: base, ratio: ours.ordersPerSecond / base.ordersPerSecond });
    }
    await Promise.all([http.stop(), injected.stop()]);
    await product.stop({ keepData: true });
    const checked = await countOrders(
      product,
      httpRuns.flatMap((r) => r.checkoutIds),
    );
    return rowsOf(label, compareRuns(pairs), httpRuns, checked, informational);
  } finally {
    http.kill();
    injected.kill();
    await product.stop();
    await baseline.dispose();
  }
}

function rowsOf(label, compared, httpRuns, checked, informational) {
  const part = "3 place order";
  const measured = httpRuns.slice(1);
  const median = compared.middle.ours;
  const slowest = [...median.calls].sort((a, b) => b.p99 - a.p99)[0];
  const non2xx = measured.reduce((sum, r) => sum + r.non2xx, 0);
  const failedFlows = measured.reduce((sum, r) => sum + r.failureCount, 0);
  const wrongRows = checked.successesWithoutOneRow + checked.rowsWithoutSuccess;
  return [
    ratioRow({
      part,
      name: `orders/s, ${GUESTS} guests over HTTP vs in-process (${label})`,
      result: { ...compared, failures: failedFlows },
      target: TARGET_RATIO,
      informational,
    }),
    limitRow({
      part,
      name: `p99 of the slowest call (${slowest?.route}) (${label})`,
      value: slowest?.p99 ?? 0,
      unit: "ms",
      limit: P99_LIMIT_MS,
      informational,
      details: median.calls,
    }),
    limitRow({
      part,
      name: `non-2xx answers (${label})`,
      value: non2xx,
      unit: "",
      limit: 0,
      informational,
      details: measured.flatMap((r) => [...r.non2xxSamples, ...r.failures]).slice(0, 20),
    }),
    limitRow({
      part,
      name: `orders without exactly one order row, of ${checked.successes} (${label})`,
      value: wrongRows,
      unit: "",
      limit: 0,
      informational,
      details: checked,
    }),
  ];
}

/** The in-process baseline's own fresh database, like the product's. */
async function startBaseline(setup) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-inprocess-"));
  const database = setup.pg ? await createPgDatabase() : null;
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  return {
    env,
    async dispose() {
      if (database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A long-lived order-flows.mjs child: send() one command, get its JSON line back. */
export function flowChild(mode, core, env) {
  const [command, args] = nodeOnCore(core, ["--import", "tsx", FLOWS, mode]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`order-flows ${mode} exited with ${code}`))),
  );
  exited.catch(() => {});
  const next = async () => {
    const { value, done } = await Promise.race([lines.next(), exited]);
    if (done) throw new Error(`order-flows ${mode} ended`);
    return JSON.parse(value);
  };
  return {
    // The child answers nothing until asked; it is ready when it has found its shop (first command waits).
    ready: Promise.resolve(),
    async send(commandLine) {
      child.stdin.write(`${JSON.stringify(commandLine)}\n`);
      return next();
    },
    async stop() {
      child.stdin.end(`${JSON.stringify({ stop: true })}\n`);
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
    kill: () => child.exitCode === null && child.kill("SIGKILL"),
  };
}

/** Runs order-flows.mjs count on the product's stopped database. */
async function countOrders(product, checkoutIds) {
  const env = {
    ...process.env,
    DATA_DIR: product.dataDir,
    BENCH_FLOW_INPUT: JSON.stringify({ checkoutIds }),
    LOG_LEVEL: "warn",
    ...(product.databaseUrl ? { DATABASE_URL: product.databaseUrl } : {}),
  };
  const child = spawn(process.execPath, ["--import", "tsx", FLOWS, "count"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const out = [];
  child.stdout.on("data", (chunk) => out.push(chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`counting the orders failed (${code})`);
  return JSON.parse(Buffer.concat(out).toString("utf8"));
}

// Part 3, place order: 32 guests each walking complete flows over and over (closed loop) against the
// running product, vs the same flows through app.inject on the same app built in one process
// (in-process-app.mjs). Interleaved 3 times: orders a second ≥ 70 % of in-process, and the p99 of a call
// (every call of the flows together) ≤ 1.5× the in-process p99 (targets.mjs). Also on PostgreSQL with 1 and
// 2 API processes (informational rows) when a full run is on PGlite.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareRuns } from "./compare.mjs";
import { LOAD_CORE, SERVER_CORE } from "./cpu.mjs";
import { readProfile, summarizeProfiles } from "./cpu-profile.mjs";
import { lineChild } from "./line-child.mjs";
import { createPgDatabase, postgresReachable, ROOT, startProduct } from "./product.mjs";
import { budgetRow, infoRow, ratioRow, throughputRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const FLOWS = join(import.meta.dirname, "order-flows.mjs");
export const GUESTS = 32;

/**
 * `profileDir`: the API processes run with `node --cpu-prof` writing there, and each setup gets a row of
 * where their CPU went during the measured HTTP runs (the profiler slows them a little).
 */
export async function measurePlaceOrder({ setup, timing, log, profileDir }) {
  const measure = (oneSetup, informational) => measureSetup(oneSetup, { timing, log, profileDir }, informational);
  const rows = await measure(setup, false);
  if (setup.pg || !timing.extraSetups) return rows;
  if (!(await postgresReachable())) {
    console.warn("PostgreSQL is not reachable: place order on PostgreSQL (1 and 2 processes) is not measured");
    return rows;
  }
  for (const processes of [1, 2]) rows.push(...(await measure({ pg: true, processes }, true)));
  return rows;
}

async function measureSetup(setup, { timing, log, profileDir }, informational) {
  const label = setup.pg ? `pg×${setup.processes}` : "PGlite";
  log(`  place order on ${label}`);
  const profiles = profileDir ? join(profileDir, `place-order-${label}`) : null;
  if (profiles) {
    rmSync(profiles, { recursive: true, force: true });
    mkdirSync(profiles, { recursive: true });
  }
  const product = await startProduct({
    ...setup,
    nodeArgs: profiles ? ["--cpu-prof", `--cpu-prof-dir=${profiles}`] : [],
  });
  const baseline = await startBaseline(setup);
  const http = flowChild("http", LOAD_CORE, { BENCH_FLOW_INPUT: JSON.stringify({ urls: product.urls }) });
  const injected = flowChild("inprocess", SERVER_CORE, baseline.env);
  const httpRuns = [];
  /** When the measured HTTP runs ran (process.hrtime µs, the CPU profile's clock). */
  const measuredWindows = [];
  try {
    const run = (child, seconds) => child.send({ run: { seconds, guests: GUESTS } });
    httpRuns.push(await run(http, timing.warmupSeconds + 1));
    await run(injected, timing.warmupSeconds + 1);
    const pairs = [];
    for (let i = 0; i < 3; i++) {
      const fromUs = microseconds();
      const ours = await run(http, timing.orderSeconds);
      measuredWindows.push({ fromUs, untilUs: microseconds() });
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
    const rows = rowsOf(label, compareRuns(pairs), httpRuns, checked, informational);
    if (profiles) rows.push(profileRow(label, profiles, measuredWindows, log));
    return rows;
  } finally {
    http.kill();
    injected.kill();
    await product.stop();
    await baseline.dispose();
  }
}

const microseconds = () => Number(process.hrtime.bigint() / 1000n);

/** Where the API processes' CPU went during the measured HTTP runs, from their `--cpu-prof` profiles. */
function profileRow(label, profiles, windows, log) {
  const files = readdirSync(profiles).filter((name) => name.endsWith(".cpuprofile"));
  if (files.length === 0) throw new Error(`no CPU profile was written to ${profiles}`);
  const { totalMs, parts } = summarizeProfiles(
    files.map((name) => readProfile(join(profiles, name))),
    { windows },
  );
  const shares = (list) => list.map((p) => `${p.part} ${(p.share * 100).toFixed(1)} %`).join(", ");
  log(`  where the API's CPU went in the measured HTTP runs (${label}): ${shares(parts)}`);
  log(`  profiles: ${profiles}`);
  return infoRow({
    part: "3 place order",
    name: `the API's CPU in the measured HTTP runs, by part (${label}; node --cpu-prof)`,
    measured: shares(parts.slice(0, 6)),
    details: { profiles: files.map((name) => join(profiles, name)), totalMs, parts },
  });
}

function rowsOf(label, compared, httpRuns, checked, informational) {
  const part = "3 place order";
  const measured = httpRuns.slice(1);
  const non2xx = measured.reduce((sum, r) => sum + r.non2xx, 0);
  const failedFlows = measured.reduce((sum, r) => sum + r.failureCount, 0);
  const p99 = p99Pair(compared.pairs);
  const slowest = slowestCall(compared.middle.ours);
  const slowestInProcess = slowestCall(compared.middle.bare);
  return [
    throughputRow({
      part,
      name: `orders/s, ${GUESTS} guests over HTTP vs in-process (${label})`,
      result: { ...compared, failures: failedFlows },
      target: TARGETS.ordersPerSecond,
      informational,
    }),
    ratioRow({
      part,
      name: `p99 of a call (every call of the flows), HTTP vs in-process (${label})`,
      ours: p99.ours.allCalls.p99,
      baseline: p99.bare.allCalls.p99,
      unit: "ms",
      target: TARGETS.callP99,
      informational,
      details: compared.pairs.map((pair) => ({ http: pair.ours.allCalls, inProcess: pair.bare.allCalls })),
    }),
    infoRow({
      part,
      name: `p99 of the slowest route, HTTP vs in-process (${label})`,
      measured: `${slowest?.route} ${Math.round(slowest?.p99 ?? 0)} ms vs ${slowestInProcess?.route} ${Math.round(slowestInProcess?.p99 ?? 0)} ms`,
      details: { http: compared.middle.ours.calls, inProcess: compared.middle.bare.calls },
    }),
    budgetRow({
      part,
      name: `non-2xx answers (${label})`,
      value: non2xx,
      target: TARGETS.errors,
      informational,
      details: measured.flatMap((r) => [...r.non2xxSamples, ...r.failures]).slice(0, 20),
    }),
    budgetRow({
      part,
      name: `orders without exactly one order row, of ${checked.successes} (${label})`,
      value: checked.successesWithoutOneRow + checked.rowsWithoutSuccess,
      target: TARGETS.errors,
      informational,
      details: checked,
    }),
  ];
}

/** The pair whose p99 ratio (HTTP ÷ in-process, every call together) is the median of the pairs'. */
export function p99Pair(pairs) {
  const ratio = (pair) => pair.ours.allCalls.p99 / pair.bare.allCalls.p99;
  return [...pairs].sort((a, b) => ratio(a) - ratio(b))[Math.floor(pairs.length / 2)];
}

const slowestCall = (run) => [...run.calls].sort((a, b) => b.p99 - a.p99)[0];

/** The in-process baseline's own fresh database, like the product's. */
async function startBaseline(setup) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-inprocess-"));
  const database = setup.pg ? await createPgDatabase() : null;
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    // Load tools send every request from 127.0.0.1: per-client limits (plugins/client-limit) must not be what they measure.
    CREATIONS_PER_MINUTE: "1000000",
    LOGIN_ATTEMPTS_PER_MINUTE: "1000000",
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    // Load tools start many payments from 127.0.0.1 (decision 025's limits are tested elsewhere).
    PAYMENTS_UNPAID_PER_TOKEN: "1000000",
    PAYMENTS_UNPAID_PER_ADDRESS: "1000000",
    PAYMENTS_PER_ADDRESS_PER_HOUR: "1000000",
    PAYMENT_PAGE_OPEN_MINUTES: "1440",
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

/** A long-lived order-flows.mjs child (line-child.mjs): send() one command, get its JSON line back. */
export function flowChild(mode, core, env) {
  return lineChild(FLOWS, [mode], core, env);
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

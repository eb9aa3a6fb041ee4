// Part 7, live events (issue 44): 50 signed-in staff screens (SSE) on 2 API processes sharing one PostgreSQL while
// guests place 10 orders a second for 30 s. The p99 from an order's commit to a screen receiving its event against
// the p99 of a bare LISTEN/NOTIFY round trip on the same database in the same seconds (≤ 3×); memory per idle
// screen (information); missed, duplicated or out-of-order events (0). The measuring is live-events-load.mjs's.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { LOAD_CORE, nodeOnCore } from "./cpu.mjs";
import { ROOT, startProduct } from "./product.mjs";
import { budgetRow, infoRow, ratioRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const PART = "7 live events";

/**
 * `profileDir`: the API processes and the measuring process run with `node --cpu-prof` writing there (where
 * commit → screen time goes; a profiled run is slower, its figures are not the part's).
 */
export async function measureLiveEvents({ timing, log, profileDir }) {
  const product = await startProduct({ pg: true, processes: 2, nodeArgs: profilerArgs(profileDir, "api") });
  try {
    const input = {
      urls: product.urls,
      pids: product.pids,
      databaseUrl: product.databaseUrl,
      screens: 50,
      ordersPerSecond: 10,
      seconds: timing.liveSeconds,
    };
    log(
      `part 7: ${input.screens} screens on 2 processes, ${input.ordersPerSecond} orders/s for ${input.seconds} s, ${timing.liveRounds} round(s)`,
    );
    const rounds = [];
    for (let round = 0; round < timing.liveRounds; round++) {
      rounds.push(await runLoad(input, profilerArgs(profileDir, "measuring")));
    }
    // Judged on the median round, as every other comparison is judged on its median pair: one slow moment of a
    // shared machine does not decide the verdict, and the measured column shows every round's ratio.
    const ratioOf = (r) => r.oursP99 / r.bareP99;
    const byRatio = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
    const result = byRatio[Math.floor((byRatio.length - 1) / 2)];
    const sum = (field) => rounds.reduce((total, r) => total + r[field], 0);
    const roundRatios =
      rounds.length > 1 ? `; rounds ${rounds.map((r) => `${ratioOf(r).toFixed(2)}×`).join(", ")}` : "";
    return [
      ratioRow({
        part: PART,
        name: "p99 order commit → event on a screen vs bare LISTEN/NOTIFY round trip (pg×2, 50 screens)",
        ours: result.oursP99,
        baseline: result.bareP99,
        target: TARGETS.eventLatencyP99,
        failures: sum("failedFlows"),
        measured: `${result.oursP99.toFixed(1)} vs ${result.bareP99.toFixed(1)} ms (p50 ${result.oursP50.toFixed(1)} vs ${result.bareP50.toFixed(1)}); ${result.samples} deliveries of ${result.events} events${roundRatios}`,
      }),
      budgetRow({
        part: PART,
        name: `missed + duplicated + out-of-order events, ${input.screens} screens × ${sum("events")} events`,
        value: sum("missed") + sum("duplicated") + sum("outOfOrder"),
        target: TARGETS.errors,
      }),
      infoRow({
        part: PART,
        name: "memory per idle screen connection (API RSS with 50 screens idle − before, ÷ 50)",
        value: Math.round(rounds[0].memoryPerScreenKb),
        unit: "KB",
      }),
    ];
  } finally {
    await product.stop();
  }
}

function profilerArgs(profileDir, name) {
  return profileDir ? ["--cpu-prof", `--cpu-prof-dir=${join(profileDir, name)}`] : [];
}

/** The measuring process and the guests' process it starts, on the load generator's core like every other part's. */
function runLoad(input, nodeArgs) {
  return new Promise((resolve, reject) => {
    const [command, args] = nodeOnCore(LOAD_CORE, [
      ...nodeArgs,
      "--import",
      "tsx",
      join(ROOT, "bench/lib/live-events-load.mjs"),
    ]);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, BENCH_LIVE_INPUT: JSON.stringify(input) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`live-events load exited with ${code}`));
      else resolve(JSON.parse(line));
    });
  });
}

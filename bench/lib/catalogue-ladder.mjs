#!/usr/bin/env node
// Where a cached catalogue read's CPU goes: one read (GET /api/label, as part 1 sends it) answered by a ladder of
// servers measured in the same run, each loaded alike by wrk (50 connections, servers on core 0): (a) the bare
// node:http server of part 1 sending our captured bytes, the rungs of catalogue-ladder-rungs.mjs (a minimal
// Fastify 5, then our pieces one by one), and (d) our product. Interleaved rounds; the median of each figure.
// Prints answers/s and the CPU an answer took in user space and in the kernel (/proc/<pid>/stat). (Instruction
// counts were tried: this VM has no hardware counters for `perf stat`, and under valgrind a bare node:http server
// answered ~10 requests a second.) `npm run build` first.
//
//   node bench/lib/catalogue-ladder.mjs [--seconds 4] [--rounds 3]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startBareServer } from "./bare-server.mjs";
import { captureAnswer, RUNGS, startRung } from "./catalogue-ladder-rungs.mjs";
import { catalogueReadRequests, REFERENCE_READ } from "./catalogue-reads.mjs";
import { cpuTimes } from "./cpu.mjs";
import { startProduct } from "./product.mjs";
import { openShop } from "./shop.mjs";
import { runWrk } from "./wrk.mjs";

const READ = REFERENCE_READ;
const CONNECTIONS = 50;

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
  },
});

const product = await startProduct();
const servers = [];
try {
  const shop = await openShop(product.urls[0]);
  const wire = withoutName(catalogueReadRequests(shop).find((r) => r.name === READ));
  const captured = await captureAnswer(product.urls[0], wire, shop.module.productionUnitId);
  const sent = Buffer.from(captured.body, "base64").length;
  console.log(`${READ}: ${sent} bytes as sent (${captured.json.length} as JSON), ${CONNECTIONS} connections`);
  await timeLadder(captured, wire);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await product.stop();
}

/** Every server at once, each loaded in turn: warm-up, then rounds of each, medians. */
async function timeLadder(captured, wire) {
  const bare = await startBareServer([{ ...wire, ...captured, body: Buffer.from(captured.body, "base64") }]);
  servers.push({ name: "(a) bare node:http", url: bare.url, pid: bare.pid, wire, stop: bare.stop });
  for (const rung of RUNGS) servers.push(await startRung(rung, captured, wire));
  servers.push({ name: "(d) our product", url: product.urls[0], pid: product.pids[0], wire, stop: async () => {} });
  const seconds = Number(options.seconds);
  for (const server of servers) await load(server, 2);
  const runs = new Map(servers.map((server) => [server, []]));
  for (let round = 0; round < Number(options.rounds); round++) {
    for (const server of servers) runs.get(server).push(await measure(server, seconds));
  }
  const bareRate = median(runs.get(servers[0]).map((r) => r.perSecond));
  console.log(`\n${uptime()}; ${options.rounds} rounds of ${seconds} s, medians`);
  console.log("| server | answers/s | % of bare | user µs/answer | kernel µs/answer | total µs/answer |");
  console.log("|---|---|---|---|---|---|");
  for (const [server, each] of runs) {
    const rate = median(each.map((r) => r.perSecond));
    const user = median(each.map((r) => r.userMicros));
    const kernel = median(each.map((r) => r.kernelMicros));
    const cells = [rate.toFixed(0), `${((100 * rate) / bareRate).toFixed(1)} %`, user, kernel, user + kernel];
    console.log(`| ${server.name} | ${cells.map((c) => (typeof c === "number" ? c.toFixed(1) : c)).join(" | ")} |`);
  }
}

function load(server, seconds) {
  const target = { name: server.name, url: server.url, connections: CONNECTIONS, requests: [server.wire] };
  return runWrk({ seconds, warmupSeconds: 0, targets: [target] });
}

async function measure(server, seconds) {
  const before = cpuTimes(server.pid);
  const [run] = await load(server, seconds);
  const after = cpuTimes(server.pid);
  if (run.answered !== run.statusCounts["2xx or 3xx"]) throw new Error(`${server.name}: not every answer was 2xx`);
  const micros = (key) => ((after[key] - before[key]) * 1e6) / run.answered;
  return { perSecond: run.requestsPerSecond, userMicros: micros("user"), kernelMicros: micros("system") };
}

function withoutName({ name: _name, ...wire }) {
  return wire;
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function uptime() {
  return `${new Date().toISOString().slice(0, 16)} UTC, load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`;
}

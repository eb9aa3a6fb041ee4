// Part 7's load and measurement, run with `node --import tsx` (it reuses the reliability harness's guest flow and
// staff sign-in, and the API's test SSE client, all TypeScript). Input: BENCH_LIVE_INPUT (JSON: urls, pids,
// databaseUrl, screens, ordersPerSecond, seconds). Prints one JSON line with the figures.
//
// - Screens: `screens` signed-in SSE clients of restaurant A, alternating between the API processes.
// - Memory per idle screen: the API processes' RSS with the screens connected and idle, minus before, ÷ screens.
// - Orders: live-events-orders.mjs in its own process (this one only listens), alternating API processes.
// - Commit time: the bench's own LISTEN restaurant_event connection hears each event's notification at its commit
//   (it names the event's sequence number, migration 0019). Ours: event received by a screen minus that moment.
//   Baseline: a bare LISTEN/NOTIFY round trip (NOTIFY on one connection, heard on another) on the same database
//   during the same seconds: PINGS_PER_ORDER for each guest's order, at random moments (exponential gaps), so they
//   see every moment of the guests' 100 ms cycle alike and the p99 is a quantile of ~1,500 samples. Sent every
//   100 ms like the orders, the 300 pings kept one phase of that cycle: their p99 moved 8–23 ms between runs minutes
//   apart on a quiet machine, and with it the verdict.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { demoStaff, parseRestaurantEventRing } from "@app/db";
import pg from "pg";
import { connectSse } from "../../apps/api/src/testing/sse-client.ts";
import { apiClient } from "../../reliability/harness/client.ts";
import { openShop } from "../../reliability/harness/guest-flow.ts";
import { signInStaff } from "../../reliability/harness/staff-screen.ts";
import { rssMb, sleep } from "./product.mjs";

const input = JSON.parse(process.env.BENCH_LIVE_INPUT ?? "{}");
const { urls, pids, databaseUrl, screens: screenCount, ordersPerSecond, seconds } = input;

const listener = new pg.Client({ connectionString: databaseUrl });
const pinger = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
await pinger.connect();
// Every order of the run in one slot: no guest is refused for the kitchen's capacity (the processes' caches hear it).
await pinger.query(
  `update capacity_instance set items_per_slot = 100000 where id in (
     select m.capacity_instance_id from module m join module_domain d on d.module_id = m.id where d.host = 'localhost')`,
);
await sleep(1_000);
const shop = await openShop(apiClient([urls[0]]));
const restaurantId = shop.module.productionUnitId;
const kitchen = demoStaff[0].kitchen;
const session = await signInStaff(urls[0], kitchen.email, kitchen.password);
const startSeq = Number(
  (await pinger.query("select last_seq from restaurant_event_sequence where production_unit_id = $1", [restaurantId]))
    .rows[0]?.last_seq ?? 0,
);

/** The processes' RSS, mean of 5 samples 400 ms apart (one sample moves with every collection). */
async function rssSum() {
  let total = 0;
  for (let i = 0; i < 5; i++) {
    total += pids.reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0);
    await sleep(400);
  }
  return total / 5;
}
await sleep(2_000);
const rssBefore = await rssSum();
const received = Array.from({ length: screenCount }, () => []);
const screens = [];
for (let i = 0; i < screenCount; i++) {
  const screen = await connectSse(
    `${urls[i % urls.length]}/api/admin/events?restaurantId=${restaurantId}`,
    { cookie: session.cookie },
    { lastEventId: `${restaurantId}:${startSeq}` },
  );
  if (screen.status !== 200) throw new Error(`screen ${i}: events answered ${screen.status}`);
  screen.onEvent = (event) => received[i].push({ id: event.id, at: event.receivedAt });
  screens.push(screen);
}
await sleep(3_000);
const rssIdle = await rssSum();

/** When each event's commit was heard, by sequence number. */
const heardCommits = new Map();
const pingSent = new Map();
const roundTrips = [];
listener.on("notification", ({ channel, payload }) => {
  const at = performance.now();
  const ring = channel === "restaurant_event" ? parseRestaurantEventRing(payload) : null;
  if (ring?.productionUnitId === restaurantId) heardCommits.set(ring.seq, at);
  else if (channel === "bench_ping") roundTrips.push(at - pingSent.get(payload));
});
await listener.query("LISTEN restaurant_event; LISTEN bench_ping");

const PINGS_PER_ORDER = 5;
const guests = runGuests({ urls, ordersPerSecond, seconds });
let pings = 0;
const pingUntil = performance.now() + seconds * 1000;
while (performance.now() < pingUntil) {
  const id = String(++pings);
  pingSent.set(id, performance.now());
  pinger.query(`NOTIFY bench_ping, '${id}'`).catch(() => {});
  await sleep(-Math.log(1 - Math.random()) * (1000 / ordersPerSecond / PINGS_PER_ORDER));
}
const { orders, failed: failedFlows, firstFailure } = await guests;
if (firstFailure) console.error("first failed flow:", JSON.stringify(firstFailure));
const endSeq = Number(
  (await pinger.query("select last_seq from restaurant_event_sequence where production_unit_id = $1", [restaurantId]))
    .rows[0]?.last_seq ?? 0,
);
const events = endSeq - startSeq;
const deadline = Date.now() + 15_000;
while (Date.now() < deadline && received.some((r) => r.length < events)) await sleep(100);

const latencies = [];
let missed = 0;
let duplicated = 0;
let outOfOrder = 0;
for (const got of received) {
  const seqs = got.map((e) => Number(e.id.split(":")[1]));
  duplicated += seqs.length - new Set(seqs).size;
  missed += events - new Set(seqs.filter((s) => s > startSeq && s <= endSeq)).size;
  seqs.forEach((seq, index) => {
    if (index > 0 && seq <= seqs[index - 1]) outOfOrder++;
    const heard = heardCommits.get(seq);
    if (heard !== undefined) latencies.push(got[index].at - heard);
  });
}
for (const screen of screens) screen.close();
await listener.end();
await pinger.end();

const p = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
process.stdout.write(
  `${JSON.stringify({
    events,
    notificationsHeard: heardCommits.size,
    orders,
    failedFlows,
    oursP99: p(latencies, 0.99),
    oursP50: p(latencies, 0.5),
    bareP99: p(roundTrips, 0.99),
    bareP50: p(roundTrips, 0.5),
    samples: latencies.length,
    pings: roundTrips.length,
    memoryPerScreenKb: ((rssIdle - rssBefore) * 1024) / screenCount,
    missed,
    duplicated,
    outOfOrder,
  })}\n`,
);
process.exit(0);

/** The guests' process; resolves with its figures. */
function runGuests(orders) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", new URL("./live-events-orders.mjs", import.meta.url).pathname],
      {
        env: { ...process.env, BENCH_LIVE_ORDERS: JSON.stringify(orders) },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`the guests' process exited with ${code}`));
      else resolve(JSON.parse(line));
    });
  });
}

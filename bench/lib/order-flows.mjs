// Complete guest flows, reusing the reliability harness (reliability/harness/guest-flow.ts: token →
// basket → item → checkout → link basket → guest information with a pickup slot → validate → pay by
// card → approve on the TEST provider's hosted page → poll until the order is placed → read the order).
// Run with `node --import tsx` (the harness is TypeScript). Modes, by argv[2]:
//   http       closed-loop guests against running API processes (the load generator's process)
//   inprocess  the same flows through app.inject on an app built in this process (the baseline)
//   count      the order rows of a database, checked against the successful flows' checkouts
// Each reads JSON lines of commands on stdin ({ run: { seconds, guests } } or { stop: true }) and
// answers one JSON line per command, so the parent can interleave runs on a warm server.
import { createInterface } from "node:readline";
import { sql } from "@app/db/orm";
import { apiClient } from "../../reliability/harness/client.ts";
import {
  availableSlots,
  fillCheckout,
  openShop,
  outcomeOf,
  payAndApprove,
  restaurantDay,
} from "../../reliability/harness/guest-flow.ts";
import { injectClient, openConfiguredDatabase, openInProcessApp } from "./in-process-app.mjs";

const mode = process.argv[2];
/**
 * Every guest starts at once, so a run's first calls meet a queue of all 32 (a herd no steady lunch rush
 * sees), and its last flows run while the others have already stopped. Call times count from
 * RAMP_SECONDS after the start until the deadline: the steady state. Orders per second count the whole run.
 */
const RAMP_SECONDS = 2;
/** Round-robin position in the pickup slots, shared by every guest of every run. */
let nextSlot = 0;
const input = JSON.parse(process.env.BENCH_FLOW_INPUT ?? "{}");

if (mode === "count") {
  process.stdout.write(`${JSON.stringify(await countOrders(input.checkoutIds))}\n`);
  process.exit(0);
}
const { client, close } =
  mode === "inprocess" ? await inProcessClient() : { client: apiClient(input.urls), close: async () => {} };
const timed = timingClient(client);
const shop = await openShop(timed.client);
const slots = await spreadSlots(timed.client, shop);
timed.reset();
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (command.stop) break;
  const result = await runGuests(command.run);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
await close();
process.exit(0);

/**
 * Pickup slots hold 30 items each in the demo (restaurant A's itemsPerSlot): guests are spread
 * round-robin over every slot still open today (but the next two, which may close during the run)
 * and tomorrow, so no flow is refused for capacity.
 */
async function spreadSlots(client, shop) {
  const token = (await client.call("GET", `/api/token/${shop.module.productionUnitId}`)).body.token;
  const today = (await availableSlots(client, shop.module, token, restaurantDay(0))).slice(2);
  const tomorrow = await availableSlots(client, shop.module, token, restaurantDay(1));
  return [...today, ...tomorrow];
}

async function runGuests({ seconds, guests }) {
  const started = performance.now();
  timed.reset();
  const deadline = started + seconds * 1000;
  const outcomes = [];
  const guest = async () => {
    while (performance.now() < deadline) {
      const slotShop = { ...shop, slotTime: slots[nextSlot++ % slots.length] };
      outcomes.push(
        await outcomeOf(async () => payAndApprove(timed.client, slotShop, await fillCheckout(timed.client, slotShop))),
      );
    }
  };
  await Promise.all(Array.from({ length: guests }, guest));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const orders = outcomes.filter((o) => o.kind === "order");
  return {
    elapsedSeconds,
    flows: outcomes.length,
    orders: orders.length,
    ordersPerSecond: orders.length / elapsedSeconds,
    checkoutIds: orders.map((o) => o.checkoutId),
    failures: outcomes
      .filter((o) => o.kind !== "order")
      .map((o) => `${o.step}: ${o.code ?? o.detail}`)
      .slice(0, 10),
    failureCount: outcomes.length - orders.length,
    ...timed.summary(Math.min(started + RAMP_SECONDS * 1000, deadline), deadline),
  };
}

/**
 * Wraps a Client: the time of every call by route (ids taken out), with when it started, and answers
 * that are not 2xx.
 */
function timingClient(inner) {
  let byRoute = new Map();
  let non2xx = [];
  const client = {
    urls: inner.urls,
    async call(method, path, options) {
      const started = performance.now();
      const answer = await inner.call(method, path, options);
      const route = `${method} ${routeOf(path)}`;
      const times = byRoute.get(route) ?? [];
      times.push({ started, ms: performance.now() - started });
      byRoute.set(route, times);
      // The hosted page's buttons answer 303 to the shop, as a form post does: that is its success.
      const expected = answer.status < 300 || (answer.status === 303 && route.includes("/payment/test/"));
      if (!expected) non2xx.push(`${route} ${answer.status}`);
      return answer;
    },
  };
  return {
    client,
    reset() {
      byRoute = new Map();
      non2xx = [];
    },
    /**
     * Percentiles of the calls started from `fromMs` until `untilMs`, with their mean and how many started a
     * second; non-2xx answers of the whole run.
     */
    summary(fromMs, untilMs) {
      const within = (times) => times.filter((t) => t.started >= fromMs && t.started < untilMs).map((t) => t.ms);
      const calls = [...byRoute].map(([route, times]) => ({ route, ...percentiles(within(times)) }));
      const all = [...byRoute.values()].flatMap(within);
      const windowSeconds = (untilMs - fromMs) / 1000;
      return {
        calls,
        allCalls: { ...percentiles(all), meanMs: mean(all), perSecond: all.length / windowSeconds },
        non2xx: non2xx.length,
        non2xxSamples: non2xx.slice(0, 10),
      };
    },
  };
}

function routeOf(path) {
  return path
    .split("?")[0]
    .replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}/g, "/{id}")
    .replace(/\/\d+(?=\/|$)/g, "/{n}");
}

function mean(times) {
  return times.length === 0 ? 0 : times.reduce((sum, ms) => sum + ms, 0) / times.length;
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** The baseline: the same flows through app.inject on the product's app built in this process (in-process-app.mjs). */
async function inProcessClient() {
  const { app, close } = await openInProcessApp();
  return { client: injectClient(app), close };
}

/** Order rows against the checkouts of successful flows: exactly one row each, none besides. */
async function countOrders(checkoutIds) {
  const database = await openConfiguredDatabase();
  try {
    const result = await database.db.execute(
      sql`select checkout_id, count(*)::int as n from "order" group by checkout_id`,
    );
    const rows = result.rows ?? result;
    const perCheckout = new Map(rows.map((r) => [r.checkout_id, Number(r.n)]));
    const succeeded = new Set(checkoutIds);
    return {
      orderRows: rows.reduce((sum, r) => sum + Number(r.n), 0),
      successes: succeeded.size,
      successesWithoutOneRow: [...succeeded].filter((id) => perCheckout.get(id) !== 1).length,
      rowsWithoutSuccess: [...perCheckout.keys()].filter((id) => !succeeded.has(id)).length,
    };
  } finally {
    await database.close();
  }
}

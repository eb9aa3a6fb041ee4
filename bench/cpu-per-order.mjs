// CPU of one API process per placed order, over HTTP: the product started as the bench starts it (compiled,
// pinned to core 0, fresh DATA_DIR or with --pg a fresh PostgreSQL database), WARMUP guest flows, then ORDERS
// flows (GUESTS at a time) with the process's user + system time (/proc/<pid>/stat) read around them.
// Build first (`npm run build --workspace apps/api`), then:
//   ORDERS=200 WARMUP=40 GUESTS=4 node --import tsx bench/cpu-per-order.mjs [--pg] [--cpu-prof]
// The flow is reliability/harness/guest-flow.ts's fillCheckout + payAndApprove, as bench part 3 runs it.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiClient } from "../reliability/harness/client.ts";
import {
  availableSlots,
  fillCheckout,
  guestToken,
  openShop,
  outcomeOf,
  payAndApprove,
  restaurantDay,
} from "../reliability/harness/guest-flow.ts";
import { startProduct } from "./lib/product.mjs";

/** Linux's clock ticks (USER_HZ, 100 on every common kernel) in ms. */
const MS_PER_TICK = 10;
const ORDERS = Number(process.env.ORDERS ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 40);
const GUESTS = Number(process.env.GUESTS ?? 4);
const pg = process.argv.includes("--pg");
const profileDir = process.argv.includes("--cpu-prof") ? mkdtempSync(join(tmpdir(), "cpu-per-order-")) : null;

const product = await startProduct({
  pg,
  nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
try {
  const client = apiClient(product.urls);
  const shop = await openShop(client);
  const token = await guestToken(client, shop.module);
  // Spread over every slot still open today (but the next two) and tomorrow, as bench part 3 does: none fills.
  const slots = [
    ...(await availableSlots(client, shop.module, token, restaurantDay(0))).slice(2),
    ...(await availableSlots(client, shop.module, token, restaurantDay(1))),
  ];
  let nextSlot = 0;
  const slotShop = () => ({ ...shop, slotTime: slots[nextSlot++ % slots.length] });
  await flows(client, slotShop, WARMUP);
  const pid = product.pids[0];
  const before = cpuTicks(pid);
  const started = performance.now();
  const placed = await flows(client, slotShop, ORDERS);
  const after = cpuTicks(pid);
  const userMs = (after.user - before.user) * MS_PER_TICK;
  const systemMs = (after.system - before.system) * MS_PER_TICK;
  const cpuMs = userMs + systemMs;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      database: pg ? "postgres" : "pglite",
      orders: placed,
      flows: ORDERS,
      seconds: Number(seconds.toFixed(1)),
      apiCpuMs: Math.round(cpuMs),
      cpuMsPerOrder: Number((cpuMs / placed).toFixed(1)),
      userMsPerOrder: Number((userMs / placed).toFixed(1)),
      systemMsPerOrder: Number((systemMs / placed).toFixed(1)),
    }),
  );
} finally {
  await product.stop();
  if (profileDir) console.log(`profile: ${profileDir}`);
}

/** `count` flows, GUESTS at a time, each at the next slot; answers how many placed an order (a failure is printed, not thrown). */
async function flows(client, nextShop, count) {
  let next = 0;
  let placed = 0;
  let failures = 0;
  const guest = async () => {
    while (next++ < count) {
      const shop = nextShop();
      const outcome = await outcomeOf(async () => payAndApprove(client, shop, await fillCheckout(client, shop)));
      if (outcome.kind === "order") placed++;
      else if (failures++ < 5) console.error(JSON.stringify(outcome));
    }
  };
  await Promise.all(Array.from({ length: GUESTS }, guest));
  return placed;
}

/** User and system CPU time a process has used so far, in clock ticks (/proc/<pid>/stat, utime and stime). */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

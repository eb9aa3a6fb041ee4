// Part 7's guests, in a process of their own (run with `node --import tsx`), so the measuring process only
// listens: a guest flow started every 1/ordersPerSecond s for `seconds`, alternating between the API processes
// (open loop). Input: BENCH_LIVE_ORDERS (JSON: urls, ordersPerSecond, seconds). Prints one JSON line.
import { apiClient } from "../../reliability/harness/client.ts";
import { fillCheckout, openShop, outcomeOf, payAndApprove } from "../../reliability/harness/guest-flow.ts";
import { sleep } from "./product.mjs";

const { urls, ordersPerSecond, seconds } = JSON.parse(process.env.BENCH_LIVE_ORDERS ?? "{}");
const shop = await openShop(apiClient([urls[0]]));
const flows = [];
for (let i = 0; i < ordersPerSecond * seconds; i++) {
  const client = apiClient([urls[i % urls.length]]);
  flows.push(outcomeOf(async () => payAndApprove(client, shop, await fillCheckout(client, shop))));
  await sleep(1000 / ordersPerSecond);
}
const outcomes = await Promise.all(flows);
const failures = outcomes.filter((o) => o.kind !== "order");
process.stdout.write(
  `${JSON.stringify({ orders: outcomes.length - failures.length, failed: failures.length, firstFailure: failures[0] ?? null })}\n`,
);
process.exit(0);

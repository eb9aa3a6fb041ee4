// The in-process baseline of the guest reads, a process of its own on the product's core: the same reads as
// plain function calls (guest-reads.seam.ts) on a database of its own seeded as the product's is (PGlite: its
// DATA_DIR is locked by one process) or on the product's own (PostgreSQL: DATABASE_URL). Its basket and checkout
// are made as a guest makes them (shop.mjs, through app.inject). Writes {ready, basketId, checkoutId} when ready,
// then answers each { run: { read: "basket"|"checkout", seconds, concurrency } } with a closed-loop summary.
// Run with `node --import tsx`.
import { createInterface } from "node:readline";
import { closedLoop } from "./closed-loop.mjs";
import { guestReads } from "./guest-reads.seam.ts";
import { injectJson, openInProcessApp } from "./in-process-app.mjs";
import { openShop } from "./shop.mjs";

const { app, database, close } = await openInProcessApp();
const shop = await openShop("inject", injectJson(app));
const reads = guestReads(database.db, shop.module.productionUnitId);
const ids = { basket: shop.basketId, checkout: shop.checkoutId };
// A read that answered something else than what was asked for would make a fast, meaningless baseline.
for (const [read, id] of Object.entries(ids)) {
  const answer = await reads[read](id);
  if (answer?.id !== id)
    throw new Error(`the in-process ${read} read answered ${JSON.stringify(answer).slice(0, 200)}`);
}
process.stdout.write(`${JSON.stringify({ ready: true, basketId: ids.basket, checkoutId: ids.checkout })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  if (command.stop) break;
  const { read, seconds, concurrency } = command.run;
  const result = await closedLoop(() => reads[read](ids[read]), { seconds, concurrency });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
await close();
process.exit(0);

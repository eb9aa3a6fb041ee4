/**
 * Issue 41 (3), unlimited rows: `GET /api/basket` from one token at 32 concurrent made 51,630 basket rows a
 * minute on PostgreSQL and 60,606 on PGlite, and `POST /api/checkout` had the same shape. With the product's
 * default of 30 creations a minute per client address and per token (CREATIONS_PER_MINUTE), four floods run
 * side by side, each from its own client address, for most of a minute: a basket flood from one token, a
 * basket flood with a fresh token per request, and the same two for checkouts. Each is answered 429
 * TOO_MANY_REQUESTS with Retry-After after its 30th row, and the database holds at most 31 new rows of each
 * (counted in the database, per restaurant: the one-token floods go to restaurant A, the many-token floods to
 * restaurant B). On PostgreSQL the four API processes share one count.
 */
import type { Db } from "@app/db";
import { schema } from "@app/db";
import { count, eq } from "@app/db/orm";
import { afterAll, expect, test } from "vitest";
import { apiClientFrom } from "../harness/address-client";
import { type Answer, apiClient, errorCode } from "../harness/client";
import { guestToken, type ShopModule } from "../harness/guest-flow";
import type { Product } from "../harness/product";
import { figures, onBothDatabases, size, start } from "../harness/suite";

const LIMIT = 30;
/** Most of a minute in the long form (the count's window is a minute from its first request), 20 s inside npm test. */
const FLOOD_MS = size(20_000, 58_000);
const CONCURRENT = 8;

type Flood = { name: string; from: string; table: "basket" | "checkout"; restaurant: "A" | "B"; freshTokens: boolean };

const FLOODS: Flood[] = [
  { name: "baskets, one token", from: "127.0.0.2", table: "basket", restaurant: "A", freshTokens: false },
  { name: "baskets, a new token each", from: "127.0.0.3", table: "basket", restaurant: "B", freshTokens: true },
  { name: "checkouts, one token", from: "127.0.0.4", table: "checkout", restaurant: "A", freshTokens: false },
  { name: "checkouts, a new token each", from: "127.0.0.5", table: "checkout", restaurant: "B", freshTokens: true },
];

await onBothDatabases("row-flood", (kind) => {
  let product: Product | undefined;
  afterAll(() => product?.stop());

  test(`floods of new baskets and checkouts for ${FLOOD_MS / 1000} s: 429 after ${LIMIT}, at most ${LIMIT + 1} rows each`, async () => {
    product = await start(kind, { env: { CREATIONS_PER_MINUTE: String(LIMIT) } });
    const client = apiClient(product.urls);
    const modules = {
      A: await moduleOf(client, "localhost"),
      B: await moduleOf(client, "127.0.0.1"),
    };
    const rowsBefore = await product.withDatabase((db) => rowCounts(db, modules));
    const startedAt = Date.now();

    const tallies = await Promise.all(
      FLOODS.map(async (flood) => {
        const module = modules[flood.restaurant];
        const from = apiClientFrom(product!.urls, flood.from);
        const oneToken = await guestToken(client, module);
        const create = async () => {
          const token = flood.freshTokens ? await guestToken(client, module) : oneToken;
          return flood.table === "basket"
            ? from.call("GET", "/api/basket", { token })
            : from.call("POST", `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`, {
                token,
              });
        };
        try {
          return { flood, tally: tally(await floodFor(FLOOD_MS, CONCURRENT, create)) };
        } finally {
          from.close();
        }
      }),
    );

    const rowsAfter = await product.inspectStopped((db) => rowCounts(db, modules));
    const added = (flood: Flood) =>
      rowsAfter[flood.table][flood.restaurant] - rowsBefore[flood.table][flood.restaurant];
    figures(
      "row-flood",
      product,
      tallies
        .map(
          ({ flood, tally }) =>
            `${flood.name}: ${tally.sent} requests, ${tally.created} created, ${tally.limited} × 429, ` +
            `${added(flood)} rows added`,
        )
        .join("; "),
      startedAt,
    );
    for (const { flood, tally } of tallies) {
      expect(tally.other, `${flood.name}: only creations and 429`).toEqual([]);
      expect(tally.created, `${flood.name}: the limit, and no more`).toBeLessThanOrEqual(LIMIT + 1);
      expect(tally.created, `${flood.name}: the limit is what stops it, not slowness`).toBeGreaterThanOrEqual(LIMIT);
      expect(tally.limited, `${flood.name}: refused after the limit`).toBeGreaterThan(0);
      expect(tally.withoutRetryAfter, `${flood.name}: every 429 says when to come back`).toBe(0);
      expect(added(flood), `${flood.name}: rows added to the database`).toBeLessThanOrEqual(LIMIT + 1);
      expect(added(flood)).toBe(tally.created);
    }
  });
});

async function moduleOf(client: ReturnType<typeof apiClient>, host: string): Promise<ShopModule> {
  const answer = await client.call<ShopModule>("GET", `/api/module/domain/${host}`);
  if (answer.status !== 200) throw new Error(`module of ${host}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Basket and checkout rows of restaurants A and B. */
async function rowCounts(db: Db, modules: Record<"A" | "B", ShopModule>) {
  const of = async (table: typeof schema.basket | typeof schema.checkout, unit: number) =>
    (await db.select({ n: count() }).from(table).where(eq(table.productionUnitId, unit)))[0]!.n;
  return {
    basket: {
      A: await of(schema.basket, modules.A.productionUnitId),
      B: await of(schema.basket, modules.B.productionUnitId),
    },
    checkout: {
      A: await of(schema.checkout, modules.A.productionUnitId),
      B: await of(schema.checkout, modules.B.productionUnitId),
    },
  };
}

/** Sends `send()` again and again, `concurrent` at a time, until `ms` have passed; answers every answer. */
async function floodFor(ms: number, concurrent: number, send: () => Promise<Answer>): Promise<Answer[]> {
  const until = Date.now() + ms;
  const answers: Answer[] = [];
  const worker = async () => {
    while (Date.now() < until) answers.push(await send());
  };
  await Promise.all(Array.from({ length: concurrent }, worker));
  return answers;
}

function tally(answers: Answer[]) {
  const limited = answers.filter((answer) => answer.status === 429);
  return {
    sent: answers.length,
    created: answers.filter((answer) => answer.status === 200).length,
    limited: limited.length,
    withoutRetryAfter: limited.filter(
      (answer) => errorCode(answer) !== "TOO_MANY_REQUESTS" || !/^\d+$/.test(answer.retryAfter ?? ""),
    ).length,
    other: answers.filter((answer) => ![200, 429].includes(answer.status)).map((a) => `${a.status} ${a.text}`),
  };
}

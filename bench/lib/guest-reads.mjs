// Guest reads: GET /api/basket/{id} and GET /api/checkout/{id} on our server, 50 connections, vs the same reads
// as in-process function calls with 50 callers (guest-reads-inprocess.mjs) on the same kind of database: what
// HTTP, validation and serialization cost, not the database. Target: ≥ 60 % (targets.mjs).

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interleaved, loadedServer } from "./compare.mjs";
import { SERVER_CORE } from "./cpu.mjs";
import { BROWSER_ACCEPT_ENCODING } from "./http.mjs";
import { lineChild } from "./line-child.mjs";
import { throughputRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const PART = "2 guest reads";
const CONNECTIONS = 50;
const BASELINE = join(import.meta.dirname, "guest-reads-inprocess.mjs");

function guestReadRequests(shop) {
  // As a guest's browser sends them: the answer's compression is part of what HTTP costs.
  const headers = { ...shop.auth, accept: "application/json", "accept-encoding": BROWSER_ACCEPT_ENCODING };
  return [
    { read: "basket", name: "GET /api/basket/{id}", method: "GET", path: `/api/basket/${shop.basketId}`, headers },
    {
      read: "checkout",
      name: "GET /api/checkout/{id}",
      method: "GET",
      path: `/api/checkout/${shop.checkoutId}`,
      headers,
    },
  ];
}

export async function measureGuestReads({ product, shop, timing }) {
  const baseline = await startBaseline(product);
  try {
    const rows = [];
    for (const { read, name, ...wire } of guestReadRequests(shop)) {
      const ours = loadedServer({ urls: product.urls, pids: product.pids, requests: [wire], connections: CONNECTIONS });
      const inProcess = {
        warmUp: (seconds) => baseline.run(read, seconds),
        measure: (seconds) => baseline.run(read, seconds),
      };
      const result = await interleaved(ours, inProcess, timing);
      rows.push(
        throughputRow({ part: PART, name: `${name}, 50 conn vs in-process`, result, target: TARGETS.guestRead }),
      );
    }
    return rows;
  } finally {
    await baseline.stop();
  }
}

/** The baseline's process: its own DATA_DIR seeded like the product's (PGlite), or the product's database. */
async function startBaseline(product) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-guest-reads-"));
  const child = lineChild(BASELINE, [], SERVER_CORE, {
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
    ...(product.databaseUrl ? { DATABASE_URL: product.databaseUrl } : {}),
  });
  try {
    await child.next();
  } catch (error) {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    async run(read, seconds) {
      const result = await child.send({ run: { read, seconds, concurrency: CONNECTIONS } });
      if (result.failures > 0) throw new Error(`the in-process ${read} read failed: ${result.firstError}`);
      return result;
    },
    async stop() {
      await child.stop().catch(() => child.kill());
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

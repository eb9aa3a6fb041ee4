/**
 * What every case shares: the databases to run on, the short/long sizes, the figures line.
 */
import { postgresReachable, TEST_POSTGRES_URL } from "@app/db/testing";
import { describe, test } from "vitest";
import { type Product, type ProductKind, type StartOptions, startProduct } from "./product";

/** `RELIABILITY_LONG=1` (npm run test:reliability): the full sizes; else the short form inside npm test. */
export const LONG = process.env.RELIABILITY_LONG === "1";

/** `RELIABILITY_SMOKE=1` (npm run test:reliability:smoke, inside npm test): the cases on PostgreSQL only. */
const SMOKE = process.env.RELIABILITY_SMOKE === "1";

export function size(short: number, long: number): number {
  return LONG ? long : short;
}

/** PostgreSQL runs with 4 API processes, as a restaurant chain would run us. */
export const PG_PROCESSES = 4;

/**
 * Declares the case's tests once per database: PGlite (1 process) and PostgreSQL (4 processes).
 * Without a reachable PostgreSQL the pg half is a visible skipped test and a loud warning;
 * REQUIRE_POSTGRES=1 (CI) makes it a failure instead (postgresReachable throws).
 */
export async function onBothDatabases(name: string, body: (kind: ProductKind) => void): Promise<void> {
  const pg = await postgresReachable();
  // npm test's smoke (RELIABILITY_SMOKE=1) attacks the several-process product only, where races and restarts
  // meet; PGlite's single process is attacked by the short and long forms (and by the unit tests on PGlite).
  if (SMOKE && pg) test.skip(`${name} on pglite×1: in the short and long forms only`, () => {});
  else describe(`${name} on pglite×1`, () => body("pglite"));
  if (pg) describe(`${name} on pg×${PG_PROCESSES}`, () => body("pg"));
  else test.skip(`${name} on pg×${PG_PROCESSES}: SKIPPED, PostgreSQL at ${TEST_POSTGRES_URL} unreachable`, () => {});
}

/** startProduct with the suite's process count for the kind. */
export function start(kind: ProductKind, options: Omit<StartOptions, "kind" | "processes"> = {}): Promise<Product> {
  return startProduct({ kind, processes: PG_PROCESSES, ...options });
}

/** One line per case and database, e.g. `slot-race pg×4: 500 flows, 10 orders, 490 SLOT_FULL, 0 errors`. */
export function figures(caseName: string, product: Product, text: string, startedAt: number): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`${caseName} ${product.label}: ${text} (${seconds} s)`);
}

/** Runs `count` tasks with at most `limit` under way at once (limit = count: all at once). */
export async function inParallel<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

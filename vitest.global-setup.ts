/**
 * Runs once before the unit suite's first test file: makes the databases every test database is copied from
 * (packages/db/src/test-templates.ts, decision 030) and removes them after the last file.
 */
import { setFlagsFromString } from "node:v8";
import { postgresReachable, prepareTestTemplates, TEST_POSTGRES_URL } from "@app/db/testing";

export default async function setup(): Promise<() => Promise<void>> {
  // As the test processes run (execArgv in vitest.config.ts): PGlite's WebAssembly without V8's optimising
  // tier, which would cost this process more CPU to compile than its few statements gain.
  setFlagsFromString("--liftoff-only");
  const templates = await prepareTestTemplates((await postgresReachable()) ? TEST_POSTGRES_URL : undefined);
  return templates.dispose;
}

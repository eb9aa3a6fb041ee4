import { DataDirInUseError, openDatabase, seedDemoData } from "@app/db";
import { buildApp } from "./app";
import { loadConfig } from "./config";

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: "pglite", dataDir: `${config.dataDir}/pglite` },
).catch((error: unknown) => {
  // Another API process on this DATA_DIR is an operator's mistake, not a crash: one line, no stack.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
if (config.seedDemoData) await seedDemoData(database.db);

const app = await buildApp({ db: database.db, config });
app.log.info({ database: database.kind, dataDir: config.dataDir }, "database ready");

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("unhandledRejection", (reason) => {
  // PGlite's WebAssembly runtime unwinds with a bare rejection while it shuts down: expected then.
  if (closing) return app.log.debug({ reason: String(reason) }, "rejection during shutdown");
  app.log.error({ err: reason instanceof Error ? reason : new Error(String(reason)) }, "unhandled rejection");
});
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });

import { DataDirInUseError, openDatabase, seedDemoData } from "@app/db";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { mapStackTracesToSources } from "./source-mapped-stacks";

mapStackTracesToSources();

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        changeListener: { reconnectMs: config.changeListenerRetryMs },
      }
    : { kind: "pglite", dataDir: `${config.dataDir}/pglite` },
).catch((error: unknown) => {
  // Another API process on this DATA_DIR is an operator's mistake, not a crash: one line, no stack.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
if (config.seedDemoData) await seedDemoData(database.db);

const app = await buildApp({ db: database.db, changes: database.changes, config });
app.log.info({ database: database.kind, dataDir: config.dataDir }, "database ready");

/** How long requests under way may take to finish after SIGTERM/SIGINT before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
/** After cutting them, how long the background work and the database get before the process just exits. */
const SHUTDOWN_BACKSTOP_MS = 5_000;

let closing = false;
/**
 * app.close() stops accepting connections (new requests on open ones get 503), closes idle keep-alive
 * connections, waits for the requests under way, then runs the onClose hooks (background loops stop,
 * running sweeps and sends finish); the database closes last. Exit 0 when all of that happened in time.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  let forced = false;
  const cut = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, "requests still running at shutdown: closing their connections");
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), SHUTDOWN_BACKSTOP_MS).unref();
  }, SHUTDOWN_GRACE_MS);
  cut.unref();
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
  process.exit(forced ? 1 : 0);
}
process.on("unhandledRejection", (reason) => {
  // PGlite's WebAssembly runtime unwinds with a bare rejection while it shuts down: expected then.
  if (closing) return app.log.debug({ reason: String(reason) }, "rejection during shutdown");
  app.log.error({ err: reason instanceof Error ? reason : new Error(String(reason)) }, "unhandled rejection");
});
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });

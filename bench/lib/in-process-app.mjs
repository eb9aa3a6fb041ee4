// The product's own app built in this process, as server.ts builds it (same config from the environment, same
// database, the demo seed), called through app.inject: the in-process baseline of place order and the setup of
// the guest reads' baseline. Every route, hook, validation, handler and query runs as over HTTP; only the
// sockets, the HTTP parsing and the second process are gone. Run with `node --import tsx` (it imports the
// API's TypeScript source).
import { openDatabase, seedDemoData } from "@app/db";
import { buildApp } from "../../apps/api/src/app.ts";
import { loadConfig } from "../../apps/api/src/config.ts";

/** The database server.ts would open from this environment (DATA_DIR or DATABASE_URL). */
export function openConfiguredDatabase(config = loadConfig()) {
  return openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: "pglite", dataDir: `${config.dataDir}/pglite` },
  );
}

/** { app, database, close }: the app ready to be called through app.inject. */
export async function openInProcessApp() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await seedDemoData(database.db);
  const app = await buildApp({ db: database.db, changes: database.changes, config });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The reliability harness's Client (reliability/harness/client.ts) over app.inject. */
export function injectClient(app) {
  return {
    urls: ["inject"],
    async call(method, path, options = {}) {
      const headers = { accept: options.accept ?? "application/json" };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload;
      if (options.json !== undefined) {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(options.json);
      } else if (options.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        payload = new URLSearchParams(options.form).toString();
      }
      const res = await app.inject({ method, url: path, headers, payload });
      return {
        status: res.statusCode,
        body: parseJson(res.body),
        location: res.headers.location ?? null,
        retryAfter: res.headers["retry-after"] ?? null,
        text: res.body,
      };
    },
  };
}

/** shop.mjs's requester over app.inject: a request that must answer 200, its parsed JSON. */
export function injectJson(app) {
  return async (_baseUrl, { method = "GET", path, headers = {}, body }) => {
    const res = await app.inject({ method, url: path, headers, payload: body });
    if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body);
  };
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

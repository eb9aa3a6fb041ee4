import { existsSync, type FSWatcher, mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { MaintenanceMode } from "@app/contracts";
import type { Executor } from "@app/db";
import type { FastifyInstance } from "fastify";
import { normalizeHost } from "../../shared/normalize-host";
import { restaurantInMaintenance } from "./restaurant-flags";

/**
 * Static storage of SPEC §7: GET /static/maintenanceMode.json, from DATA_DIR/static/maintenanceMode.json,
 * so an operator switches maintenance on and off by editing that file, without a restart.
 *
 * The file is watched, not read per request: every storefront navigation asks for it. Its folder is
 * watched (editors save by writing a new file and renaming it over the old one), and the file is read
 * again on every event there. Should the watch fail, every request reads the file again.
 *
 * The file is the whole server's switch. Besides it, each restaurant has its own (the back office's
 * maintenance flag, an app setting of its module): the answer is true on that restaurant's hosts only.
 */
export function registerMaintenanceFlag(app: FastifyInstance, dataDir: string, db: Executor): void {
  const file = join(dataDir, "static", "maintenanceMode.json");
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ isDownForMaintenance: false }, null, 2)}\n`);
  }
  const flag = watchMaintenanceFlag(file, (error) => app.log.warn({ err: error }, "maintenanceMode.json unreadable"));
  app.addHook("onClose", async () => flag.close());
  app.get("/static/maintenanceMode.json", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-cache");
    const server = await flag.current();
    if (server.isDownForMaintenance) return server;
    return { isDownForMaintenance: await restaurantInMaintenance(db, normalizeHost(request.host)) };
  });
}

type Warn = (error: unknown) => void;

function watchMaintenanceFlag(file: string, warn: Warn) {
  let current = parseFlag(() => readFileSync(file, "utf8"), warn);
  let reads = 0;
  // Events come in bursts (write, rename): only the last read started may set the flag.
  const reread = async () => {
    const read = ++reads;
    const text = await readFile(file, "utf8").catch(() => "");
    if (read === reads) current = parseFlag(() => text, warn);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
      if (name === null || name === basename(file)) void reread();
    });
    watcher.on("error", (error) => {
      warn(error);
      watcher = undefined;
    });
  } catch (error) {
    warn(error);
  }
  return {
    current: async (): Promise<MaintenanceMode> =>
      watcher ? current : parseFlag(() => readFileSync(file, "utf8"), warn),
    close: () => watcher?.close(),
  };
}

/** A missing, half-written or broken file must not take the shop down: it means "not in maintenance". */
function parseFlag(read: () => string, warn: Warn): MaintenanceMode {
  try {
    return MaintenanceMode.parse(JSON.parse(read()));
  } catch (error) {
    warn(error);
    return { isDownForMaintenance: false };
  }
}

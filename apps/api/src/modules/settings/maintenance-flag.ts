import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MaintenanceMode } from "@app/contracts";
import type { FastifyInstance } from "fastify";

/**
 * Static storage of SPEC §7: GET /static/maintenanceMode.json, read from
 * DATA_DIR/static/maintenanceMode.json on every request, so an operator switches maintenance on
 * and off by editing that file, without a restart.
 */
export function registerMaintenanceFlag(app: FastifyInstance, dataDir: string): void {
  const file = join(dataDir, "static", "maintenanceMode.json");
  if (!existsSync(file)) {
    mkdirSync(join(dataDir, "static"), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ isDownForMaintenance: false }, null, 2)}\n`);
  }
  app.get("/static/maintenanceMode.json", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-cache");
    return readFlag(file, (error) => request.log.warn({ err: error }, "maintenanceMode.json unreadable"));
  });
}

async function readFlag(file: string, warn: (error: unknown) => void): Promise<MaintenanceMode> {
  try {
    return MaintenanceMode.parse(JSON.parse(await readFile(file, "utf8")));
  } catch (error) {
    // A half-written or broken file must not take the shop down: treat it as "not in maintenance".
    warn(error);
    return { isDownForMaintenance: false };
  }
}

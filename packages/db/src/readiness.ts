import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Db } from "./client";

const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** The newest migration this code ships (drizzle's journal `when`), read once. */
let newestShipped: number | undefined;
function newestShippedMigration(): number {
  newestShipped ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newestShipped;
}

export type DatabaseReadiness = { ready: true } | { ready: false; problem: string; cause?: unknown };

/**
 * Whether the database answers a trivial query and holds every migration this code ships. Drizzle's
 * migrator records each applied migration in drizzle.__drizzle_migrations with its journal time, and
 * applies those newer than the newest row, so the newest row tells whether anything is pending.
 * `problem` is safe to show; `cause` (the driver's error) is for the log only. Never throws.
 */
export async function checkDatabaseReadiness(db: Db): Promise<DatabaseReadiness> {
  try {
    await db.execute(sql`select 1`);
  } catch (cause) {
    return { ready: false, problem: "The database does not answer", cause };
  }
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const newest = Number((result as unknown as { rows: { newest: unknown }[] }).rows[0]?.newest ?? 0);
    if (newest < newestShippedMigration()) return { ready: false, problem: "Database migrations are still pending" };
    return { ready: true };
  } catch (cause) {
    return { ready: false, problem: "The applied database migrations cannot be read", cause };
  }
}

/**
 * A PostgreSQL server of the case's own, for taking the database away under a running product
 * (`pg_ctl stop -m immediate`, the way a crashed or failed-over server disappears) without touching
 * the machine's shared test server that other tests use at the same moment.
 *
 * initdb into a temp dir, started on a free port with pg_ctl. PostgreSQL refuses to run as root, so
 * when we are root the binaries run as the `postgres` user through runuser. Unavailable (no
 * binaries, no postgres user as root): privatePostgresProblem() says why, and the case skips loudly.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./product";

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:PORT/postgres: a database to connect to for creating others. */
  url: string;
  /** `pg_ctl stop -m immediate`: every connection cut at once, no shutdown checkpoint (crash recovery on start). */
  stopImmediately(): void;
  /** Starts the server again on the same port and data; resolves when it accepts connections. */
  start(): void;
  /** Stops it (immediately) and removes its data. */
  destroy(): void;
};

const BIN_ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin directory, or null. */
function binDir(): string | null {
  if (!existsSync(BIN_ROOT)) return null;
  const versions = readdirSync(BIN_ROOT)
    .filter((v) => existsSync(join(BIN_ROOT, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(BIN_ROOT, versions[0], "bin") : null;
}

const asRoot = userInfo().uid === 0;

/** Why a private server cannot be run here, or null when it can. */
export function privatePostgresProblem(): string | null {
  if (!binDir()) return `no PostgreSQL server binaries (initdb) under ${BIN_ROOT}`;
  if (asRoot) {
    try {
      execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
      execFileSync("runuser", ["-u", "postgres", "--", "true"], { stdio: "ignore" });
    } catch {
      return "running as root without a postgres user to run PostgreSQL as (runuser -u postgres)";
    }
  }
  return null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error(privatePostgresProblem() ?? "no PostgreSQL binaries");
  const dir = mkdtempSync(join(tmpdir(), "reliability-private-pg-"));
  const data = join(dir, "data");
  const port = await freePort();
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : join(bin, tool),
      asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args,
      {
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 120_000,
      },
    );
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    run("pg_ctl", [
      "start",
      "-D",
      data,
      "-w",
      "-t",
      "60",
      "-l",
      join(dir, "server.log"),
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100`,
    ]);
  const stopImmediately = () => run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopImmediately,
    start,
    destroy: () => {
      try {
        stopImmediately();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

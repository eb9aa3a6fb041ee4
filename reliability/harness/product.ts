/**
 * Starts the real product as real processes, the way an operator runs it, so the suite attacks it
 * from outside over HTTP.
 *
 * Each API process is `node --import tsx apps/api/src/server.ts`, exactly the child `npm start`
 * (scripts/start.mjs) spawns, spawned here directly rather than through start.mjs: then the pid we
 * hold IS the server, so kill(i, "SIGKILL") kills the process that owns the database connections
 * and the PGlite lock, not a wrapper that would only forward the signal. start.mjs's other job,
 * building the storefront when stale, is not needed: the API serves no storefront when its build is
 * missing (apps/api/src/plugins/storefront.ts) and the suite only calls /api.
 *
 * - pglite: one process on a fresh DATA_DIR in a temp dir.
 * - pg: a freshly created database on TEST_POSTGRES_URL's server (dropped by stop()), `processes`
 *   API processes sharing DATABASE_URL and one TOKEN_SECRET, each with its own DATA_DIR (outbox).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, type Db, openDatabase, seedDemoData } from "@app/db";
import { TEST_POSTGRES_URL } from "@app/db/testing";
import pg from "pg";

export type ProductKind = "pglite" | "pg";

export type StartOptions = {
  kind: ProductKind;
  /** API processes; pg only (default 4). PGlite is always one: its DATA_DIR belongs to one process. */
  processes?: number;
  /** Extra environment for every process, on top of the suite's defaults (see productEnv). */
  env?: Record<string, string>;
  /**
   * Set-up on the migrated, seeded database before any request (a slot's capacity, a gift card, a
   * discount code). For PGlite it runs before the server starts, so it costs no restart.
   */
  prepare?: (db: Db) => Promise<void>;
  /**
   * pg: the PostgreSQL server the fresh database is created on (a URL of any of its databases, with
   * rights to create one); default TEST_POSTGRES_URL. A case that stops its server uses a private one.
   */
  postgresServerUrl?: string;
};

export type Product = {
  kind: ProductKind;
  /** For figures lines: `pglite×1`, `pg×4`. */
  label: string;
  /** Base URLs (`http://127.0.0.1:PORT`) of the API processes, index = process index. */
  urls: string[];
  /** The OS pid of the server process at `index` (the real server, not a wrapper); null while it is down. */
  pid(index: number): number | null;
  /**
   * Sends `signal` (default SIGKILL) to the server process at `index` and resolves once it has exited.
   * Its URL refuses connections until restart(index). Killing a process that is down is a no-op.
   */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts the process at `index` again on the same port, database and DATA_DIR (a SIGKILLed PGlite
   * leaves a stale lock, which the server takes over), and resolves when GET /api/ready answers 200.
   * A process still running is stopped gracefully first.
   */
  restart(index: number): Promise<void>;
  /**
   * SIGKILLs the process at `index` and spawns its restart in the same moment, as a supervisor that
   * restarts at once does, while the killed process is not yet reaped (a zombie); resolves when GET
   * /api/ready answers 200, or rejects as restart does. See Server.killAndRestartAtOnce.
   */
  killAndRestartAtOnce(index: number): Promise<QuickRestart>;
  /**
   * Runs `use` with a direct database handle, for setting up and checking state beside the API.
   * pg: the live database, while the processes run. pglite: the DATA_DIR is locked by its server,
   * so the server is stopped (SIGTERM), the DATA_DIR opened, `use` run, the database closed and the
   * server started again; the restart also runs the payment sweeper once at once.
   */
  withDatabase<T>(use: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Resolves once every API process has heard every change committed so far (ChangeFeed.settleEverywhere, the
   * barrier an editing tool waits on); answers how many listeners confirmed. PGlite: one process, at once.
   */
  changesHeardEverywhere(): Promise<number>;
  /**
   * Stops every API process (gracefully), then runs `use` on the database at rest: the final state,
   * with no request or sweeper under way. Afterwards only stop() is left to call. Costs no restart.
   */
  inspectStopped<T>(use: (db: Db) => Promise<T>): Promise<T>;
  /** The environment the process at `index` runs with (DATA_DIR, PORT, DATABASE_URL, …): a copy. */
  environment(index: number): Record<string, string>;
  /** The last lines of output of the process at `index`, for failure messages. */
  output(index: number): string;
  /** Stops every process (SIGTERM, SIGKILL after 20 s), drops the pg database, removes the temp dirs. */
  stop(): Promise<void>;
};

/** What a kill -9 followed at once by a restart saw while the new process started. */
export type QuickRestart = {
  /** /proc state of the killed process (`Z` zombie, `X` dead, `gone` reaped) once the new one had taken the lock or exited. */
  killedProcessState: string;
  /** Milliseconds from SIGKILL to /api/ready answering 200 again. */
  readyAfterMs: number;
};

/** The checkout whose product runs: this repository, or RELIABILITY_PRODUCT_ROOT (another checkout of it). */
const root = process.env.RELIABILITY_PRODUCT_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = join(root, "apps/api/src/server.ts");
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;
const OUTPUT_LINES_KEPT = 60;

/** What every process gets unless the case overrides it. */
function productEnv(overrides: Record<string, string> | undefined): Record<string, string> {
  return {
    // The suite's thousands of flows all come from 127.0.0.1: a per-IP guessing limit must not be what it measures.
    RATE_LIMIT_TRIES_PER_MINUTE: "1000000",
    // Likewise the per-client limits on creating baskets and checkouts and on login attempts.
    CREATIONS_PER_MINUTE: "1000000",
    LOGIN_ATTEMPTS_PER_MINUTE: "1000000",
    // Tests and load tools start many payments from one token and 127.0.0.1 and rarely open their links; the
    // payment module's own tests and reliability/cases/squatting test the limits (decision 025).
    PAYMENTS_UNPAID_PER_TOKEN: "1000000",
    PAYMENTS_UNPAID_PER_ADDRESS: "1000000",
    PAYMENTS_PER_ADDRESS_PER_HOUR: "1000000",
    PAYMENT_PAGE_OPEN_MINUTES: "1440",
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    ...overrides,
  };
}

export async function startProduct(options: StartOptions): Promise<Product> {
  const count = options.kind === "pglite" ? 1 : (options.processes ?? 4);
  const tmp = mkdtempSync(join(tmpdir(), `reliability-${options.kind}-`));
  const database =
    options.kind === "pg" ? await createPostgresDatabase(options.postgresServerUrl ?? TEST_POSTGRES_URL) : undefined;
  const shared = {
    ...productEnv(options.env),
    TOKEN_SECRET: randomBytes(32).toString("hex"),
    ...(database ? { DATABASE_URL: database.url, DATABASE_POOL_SIZE: "10" } : {}),
  };
  const servers: Server[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = join(tmp, `data-${i}`);
    servers.push(new Server({ ...shared, DATA_DIR: dataDir, PORT: String(await freePort()) }));
  }
  let handle: Database | undefined;
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    if (database) await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    if (!database) await preparePglite(servers[0]!, options.prepare);
    // The first process migrates and seeds alone; the others then start side by side on a ready database.
    await servers[0]!.start();
    if (database) {
      handle = await openDatabase({ kind: "postgres", url: database.url, poolSize: 5 });
      await options.prepare?.(handle.db);
    }
    await Promise.all(servers.slice(1).map((server) => server.start()));
  } catch (error) {
    await stop();
    throw error;
  }
  const at = (index: number) => {
    const server = servers[index];
    if (!server) throw new Error(`no API process ${index} (there are ${servers.length})`);
    return server;
  };
  return {
    kind: options.kind,
    label: `${options.kind}×${count}`,
    urls: servers.map((server) => server.url),
    pid: (index) => at(index).pid,
    kill: (index, signal = "SIGKILL") => at(index).kill(signal),
    restart: async (index) => {
      await at(index).stop();
      await at(index).start();
    },
    killAndRestartAtOnce: (index) => at(index).killAndRestartAtOnce(),
    withDatabase: async (use) => {
      if (handle) return use(handle.db);
      return withStoppedPglite(at(0), use);
    },
    changesHeardEverywhere: async () => (handle ? handle.changes.settleEverywhere() : 1),
    inspectStopped: async (use) => {
      await Promise.all(servers.map((server) => server.stop()));
      if (handle) return use(handle.db);
      return withPglite(servers[0]!, use);
    },
    environment: (index) => ({ ...at(index).env }),
    output: (index) => at(index).output(),
    stop,
  };
}

/** PGlite: the server holds the DATA_DIR's lock, so step it aside while the suite opens the database. */
async function withStoppedPglite<T>(server: Server, use: (db: Db) => Promise<T>): Promise<T> {
  await server.stop();
  try {
    return await withPglite(server, use);
  } finally {
    await server.start();
  }
}

/** Opens the (stopped) server's PGlite DATA_DIR, runs `use`, closes it again (releasing the lock). */
async function withPglite<T>(server: Server, use: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "pglite", dataDir: join(server.env.DATA_DIR!, "pglite") });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Migrates and seeds the fresh DATA_DIR as the server would, then runs the case's set-up on it. */
async function preparePglite(server: Server, prepare: StartOptions["prepare"]): Promise<void> {
  if (!prepare) return;
  await withPglite(server, async (db) => {
    await seedDemoData(db);
    await prepare(db);
  });
}

/** One API process: its environment and port are fixed, the OS process comes and goes. */
class Server {
  readonly url: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private lines: string[] = [];

  constructor(readonly env: Record<string, string>) {
    this.url = `http://127.0.0.1:${env.PORT}`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  output(): string {
    return this.lines.join("\n");
  }

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.url} is already running`);
    await this.waitUntilReady(this.spawnChild());
  }

  /**
   * SIGKILL, and the new process spawned right after it. Node reaps an exited child only when its
   * event loop hears SIGCHLD, so this thread is held (no reaping) until the new process has taken
   * the PGlite DATA_DIR lock or exited: for the whole of the new start's lock check the killed
   * process is a zombie, still alive to kill(pid, 0), as under a supervisor slow to reap it.
   */
  async killAndRestartAtOnce(): Promise<QuickRestart> {
    const killed = this.child?.pid;
    if (!this.child || !killed) throw new Error(`${this.url} is not running`);
    const killedAt = Date.now();
    this.child.kill("SIGKILL");
    const next = this.spawnChild();
    const lockFile = `${this.env.DATA_DIR}/pglite.lock`;
    holdThreadUntil(() => lockHolderPid(lockFile) === next.pid || processState(next.pid!) !== "running", LOCK_WAIT_MS);
    const killedProcessState = processState(killed);
    await this.waitUntilReady(next);
    return { killedProcessState, readyAfterMs: Date.now() - killedAt };
  }

  private spawnChild(): ChildProcess {
    const child = spawnServer(this.env);
    this.child = child;
    // A suite process that dies (Ctrl-C, a crash) must not leave servers running on its ports.
    const orphanGuard = () => child.kill("SIGKILL");
    process.once("exit", orphanGuard);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.keep(`[process exited: ${signal ?? `code ${code}`}]`);
        process.off("exit", orphanGuard);
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    child.stdout?.on("data", (chunk: Buffer) => this.keep(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => this.keep(chunk.toString()));
    return child;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (!this.child) return;
    this.child.kill(signal);
    await this.exited;
  }

  /** SIGTERM (graceful: requests finish, database closed), SIGKILL if it takes longer than STOP_TIMEOUT_MS. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const forced = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.kill("SIGTERM");
    await this.exited;
    clearTimeout(forced);
  }

  private keep(text: string) {
    this.lines.push(...text.trimEnd().split("\n"));
    if (this.lines.length > OUTPUT_LINES_KEPT) this.lines.splice(0, this.lines.length - OUTPUT_LINES_KEPT);
  }

  private async waitUntilReady(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child !== child) throw new Error(`API process at ${this.url} exited while starting:\n${this.output()}`);
      if (await answersReady(this.url)) return;
      await sleep(150);
    }
    await this.kill("SIGKILL");
    throw new Error(`API process at ${this.url} not ready after ${READY_TIMEOUT_MS} ms:\n${this.output()}`);
  }
}

/** How long killAndRestartAtOnce holds the suite's thread at most while the new process starts. */
const LOCK_WAIT_MS = 60_000;

/** Blocks this thread (timers, I/O and the reaping of children with it) until `done()` or `maxMs`. */
function holdThreadUntil(done: () => boolean, maxMs: number): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + maxMs;
  while (!done() && Date.now() < deadline) Atomics.wait(cell, 0, 0, 5);
}

function lockHolderPid(lockFile: string): number | null {
  try {
    return (JSON.parse(readFileSync(lockFile, "utf8")) as { pid: number }).pid;
  } catch {
    return null; // not there yet, or being replaced
  }
}

/** `running` (any live state), `Z`/`X` (exited, not yet reaped) or `gone`, from /proc/<pid>/stat. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.charAt(stat.lastIndexOf(")") + 2);
    return state === "Z" || state === "X" ? state : "running";
  } catch {
    return "gone";
  }
}

/**
 * One API server process (`node --import tsx apps/api/src/server.ts`) with `env` on top of ours, its
 * output piped. For a case that starts one beside the product's own (a second server on a DATA_DIR).
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", serverEntry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function answersReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** A port nobody listens on now (the OS picks it); the server binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** A new empty database on the PostgreSQL server at serverUrl; drop() removes it, also with connections still open. */
async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `reliability_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`) };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Starts the product as `npm start` runs it (the compiled API, apps/api/dist/server.js, built by the
// runner beforehand) on a free port with a fresh DATA_DIR, or on a fresh PostgreSQL database with
// one or more processes; stops it and cleans up after.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { nodeOnCore, SERVER_CORE } from "./cpu.mjs";

export const ROOT = join(import.meta.dirname, "../..");
export const API_BUNDLE = join(ROOT, "apps/api/dist/server.js");
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Request log lines cost the API real time per request; the bench measures the code, not logging to a pipe. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "warn";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The options `npm start` gives node (package.json's start script): the API runs with them here too. */
export const START_NODE_FLAGS = nodeFlagsOf(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.start);

/** `node --a=1 --b scripts/start.mjs` → ["--a=1", "--b"]: the options between `node` and the script. */
export function nodeFlagsOf(command) {
  const [node, ...words] = command.trim().split(/\s+/);
  if (node !== "node") throw new Error(`the start script does not run node: ${command}`);
  const flags = [];
  for (const word of words) {
    if (!word.startsWith("-")) break;
    flags.push(word);
  }
  return flags;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; resolves with the time that took. */
export async function waitFor(url, timeoutMs = 120_000, everyMs = 50) {
  const started = performance.now();
  for (;;) {
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** A fresh, empty PostgreSQL database with a unique name; drop() removes it. */
export async function createPgDatabase() {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function postgresReachable() {
  return adminQuery("select 1").then(
    () => true,
    () => false,
  );
}

/**
 * Starts `processes` API processes (more than one only on PostgreSQL) and waits until each answers
 * /api/ready. `dataDir` reuses an existing DATA_DIR (PGlite) instead of a fresh one; `nodeArgs` are given
 * to each process's node (`--cpu-prof`, say).
 */
export async function startProduct({ pg: onPostgres = false, processes = 1, dataDir, nodeArgs = [] } = {}) {
  if (processes > 1 && !onPostgres) throw new Error("several API processes need PostgreSQL (--pg)");
  const database = onPostgres ? await createPgDatabase() : null;
  const tempDir = mkdtempSync(join(tmpdir(), "bench-"));
  const servers = [];
  const tokenSecret = randomBytes(32).toString("hex");
  for (let i = 0; i < processes; i++) {
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir ?? join(tempDir, `data-${i}`),
      TOKEN_SECRET: tokenSecret,
      LOG_LEVEL,
      // Load tools send every request from 127.0.0.1: per-client limits (plugins/client-limit) must not be what they measure.
      CREATIONS_PER_MINUTE: "1000000",
      LOGIN_ATTEMPTS_PER_MINUTE: "1000000",
      // Load tools start many payments from 127.0.0.1 (decision 025's limits are tested elsewhere).
      PAYMENTS_UNPAID_PER_TOKEN: "1000000",
      PAYMENTS_UNPAID_PER_ADDRESS: "1000000",
      PAYMENTS_PER_ADDRESS_PER_HOUR: "1000000",
      PAYMENT_PAGE_OPEN_MINUTES: "1440",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    servers.push({ url: `http://127.0.0.1:${port}`, child: spawnApi(env, nodeArgs) });
    // One at a time: the first applies migrations and seeds, the others then find them done.
    await waitForServer(servers.at(-1));
  }
  return {
    urls: servers.map((s) => s.url),
    pids: servers.map((s) => s.child.pid),
    dataDir: dataDir ?? join(tempDir, "data-0"),
    databaseUrl: database?.url,
    /** Stops the processes; `keepData` leaves the data for a look afterwards (then call dispose()). */
    async stop({ keepData = false } = {}) {
      await Promise.all(servers.map((s) => stopChild(s.child)));
      if (!keepData) await this.dispose();
    },
    async dispose() {
      if (database) await database.drop();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

function spawnApi(env, nodeArgs) {
  const [command, args] = nodeOnCore(SERVER_CORE, [...START_NODE_FLAGS, ...nodeArgs, API_BUNDLE]);
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => log.push(chunk));
  child.logText = () => Buffer.concat(log).toString("utf8");
  return child;
}

async function waitForServer(server) {
  const exited = new Promise((_, reject) =>
    server.child.once("exit", (code) =>
      reject(new Error(`the API exited with ${code} before it was ready:\n${server.child.logText()}`)),
    ),
  );
  await Promise.race([waitFor(`${server.url}/api/ready`), exited]);
}

/** SIGTERM, then SIGKILL if the process has not exited within 20 s. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB (Linux /proc), or null when it cannot be read. */
export function rssMb(pid) {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

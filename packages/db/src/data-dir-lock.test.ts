import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { openDatabase } from "./client";
import { DataDirInUseError, type Holder, lockDataDir, takeOverStale } from "./data-dir-lock";

const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

function freshDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), "db-lock-")), "pglite");
}

/** A lock file as a process would have written it; by default one whose process is long gone. */
function writeLock(dataDir: string, fields: Partial<Holder>): Holder {
  const holder: Holder = {
    id: "0123456789abcdef",
    pid: 999_999_999,
    hostname: hostname(),
    startedAt: "2026-01-01T00:00:00.000Z",
    procStart: null,
    bootId: null,
    ...fields,
  };
  writeFileSync(`${dataDir}.lock`, JSON.stringify(holder));
  return holder;
}

type Locker = { child: ChildProcess; ready: Promise<void>; go: () => void; outcome: Promise<"locked" | "refused"> };

/**
 * A separate Node process that loads the lock code, says `ready`, and on `go()` calls
 * lockDataDir(dataDir) and says `locked` or `refused`, then stays alive. Loading takes seconds on
 * a busy machine; the go signal lets several of them race within a millisecond or so.
 */
function lockInChild(dataDir: string): Locker {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    console.log("ready");
    process.stdin.once("data", async () => {
      try { await lockDataDir(${JSON.stringify(dataDir)}); console.log("locked"); }
      catch (error) { console.log(error.code === "DATA_DIR_IN_USE" ? "refused" : String(error)); }
    });
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let out = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
    const parts = out.split("\n");
    out = parts.pop() ?? "";
    lines.push(...parts.map((line) => line.trim()));
    for (const wake of waiters.splice(0)) wake();
  });
  const line = (index: number) =>
    new Promise<string>((done, fail) => {
      const check = () => (lines.length > index ? done(lines[index]!) : waiters.push(check));
      child.on("exit", (code) => fail(new Error(`child exited with ${code}: ${lines.join(" | ")}`)));
      check();
    });
  const ready = line(0).then((said) => {
    if (said !== "ready") throw new Error(`child said: ${said}`);
  });
  const outcome = line(1).then((said) => {
    if (said !== "locked" && said !== "refused") throw new Error(`child said: ${said}`);
    return said;
  });
  return { child, ready, go: () => child.stdin?.write("go\n"), outcome };
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.on("exit", () => done());
    child.kill("SIGKILL");
  });
}

describe("the lock on a PGlite DATA_DIR", () => {
  test("a second open in the same process is refused, naming this process", async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    try {
      const second = openDatabase({ kind: "pglite", dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by process ${process.pid} (this process) (started `,
      );
      await expect(second).rejects.toThrow(
        "stop it first, or use DATABASE_URL to run several API processes on one PostgreSQL",
      );
    } finally {
      await first.close();
    }
  }, 60_000);

  test("close() releases it, so the directory opens again", async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const again = await openDatabase({ kind: "pglite", dataDir });
    await again.close();
  }, 60_000);

  test("memory:// is not locked", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    const second = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    await Promise.all([first.close(), second.close()]);
  }, 60_000);

  test("another process holding it refuses us; once that process is killed (-9) its lock is taken over", async () => {
    const dataDir = freshDataDir();
    const { child, ready, go, outcome } = lockInChild(dataDir);
    try {
      await ready;
      go();
      expect(await outcome).toBe("locked");
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by process ${child.pid} (started `,
      );
    } finally {
      await killHard(child);
    }
    const database = await openDatabase({ kind: "pglite", dataDir });
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, "utf8")).pid).toBe(process.pid);
    await database.close();
  }, 60_000);

  test("of several processes taking over one stale lock at once, exactly one wins", async () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, {});
    const racers = Array.from({ length: 8 }, () => lockInChild(dataDir));
    try {
      await Promise.all(racers.map((racer) => racer.ready));
      for (const racer of racers) racer.go();
      const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
      expect(outcomes.filter((outcome) => outcome === "locked")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(7);
    } finally {
      await Promise.all(racers.map((racer) => killHard(racer.child)));
    }
    // Nothing but the directory's lock is left behind: no drafts, no takeover claims.
    expect(readdirSync(join(dataDir, "..")).sort()).toEqual(["pglite.lock"]);
  }, 60_000);

  test("a late taker-over that read the stale lock before someone else took it leaves the new lock alone", async () => {
    const dataDir = freshDataDir();
    const stale = writeLock(dataDir, {});
    const winner = await lockDataDir(dataDir);
    const winnersLock = readFileSync(`${dataDir}.lock`, "utf8");

    // The slower process acts on what it read earlier: the stale lock, now gone.
    takeOverStale(`${dataDir}.lock`, stale);
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(winnersLock);
    winner.release();
  });

  test("a lock with our own pid that this process never took (a restarted container) is stale", async () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { pid: process.pid });
    const lock = await lockDataDir(dataDir);
    lock.release();
  });

  // Needs /proc/<pid>/stat to tell a reused pid apart; elsewhere such a lock is refused instead.
  test.runIf(existsSync("/proc/self/stat"))(
    "a lock whose pid now belongs to a process started later (pid reused) is stale",
    async () => {
      const dataDir = freshDataDir();
      // Our own parent process is alive, but it is not the process that wrote this lock.
      writeLock(dataDir, { pid: process.ppid, procStart: "1" });
      const lock = await lockDataDir(dataDir);
      lock.release();
    },
  );

  test("a lock from another host is refused, never taken over", async () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { hostname: "elsewhere" });
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by process 999999999 on host elsewhere (started 2026-01-01T00:00:00.000Z)`,
    );
    await expect(lockDataDir(dataDir)).rejects.toThrow(`if that process is gone, delete ${dataDir}.lock`);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { openDatabase } from "./client";
import { DataDirInUseError, type Holder, lifeOfThreads, lockDataDir, takeOverStale } from "./data-dir-lock";

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

/** Field 22 of /proc/<pid>/stat, as the lock records it. */
function procStartOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
}

function stateOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.charAt(stat.lastIndexOf(")") + 2);
}

/**
 * A process that has exited but is not reaped: a zombie, like an API process just killed whose
 * parent (a supervisor, a test harness) has not called wait() yet. `sleep 1000` is started in the
 * background by a shell that then becomes `sleep 2000`, which never waits for its children; the
 * zombie lasts until that parent is ended (end()).
 */
async function zombie(): Promise<{ pid: number; procStart: string; end: () => void }> {
  const parent = spawn("sh", ["-c", "sleep 1000 & echo $!; exec sleep 2000"], { stdio: ["ignore", "pipe", "inherit"] });
  const pid = await new Promise<number>((done) => parent.stdout?.once("data", (chunk) => done(Number(String(chunk)))));
  const procStart = procStartOf(pid);
  // Killed only once the shell has become `sleep 2000`: a shell still running would reap its child itself.
  for (let waited = 0; readFileSync(`/proc/${parent.pid}/comm`, "utf8").trim() !== "sleep"; waited += 10) {
    if (waited > 5_000) throw new Error(`the shell ${parent.pid} did not become sleep`);
    await new Promise((done) => setTimeout(done, 10));
  }
  process.kill(pid, "SIGKILL");
  for (let waited = 0; stateOf(pid) !== "Z"; waited += 10) {
    if (waited > 5_000) throw new Error(`process ${pid} did not become a zombie`);
    await new Promise((done) => setTimeout(done, 10));
  }
  return { pid, procStart, end: () => parent.kill("SIGKILL") };
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

  test.runIf(existsSync("/proc/self/stat"))(
    "a holder that has exited but is not yet reaped (a zombie) is taken over at once",
    async () => {
      const dataDir = freshDataDir();
      const dead = await zombie();
      try {
        writeLock(dataDir, { pid: dead.pid, procStart: dead.procStart });
        // Still a zombie: kill(pid, 0) succeeds and /proc shows the same start time as the lock.
        expect(() => process.kill(dead.pid, 0)).not.toThrow();
        const started = Date.now();
        const lock = await lockDataDir(dataDir);
        expect(Date.now() - started, "at once, no waiting").toBeLessThan(1_000);
        expect(stateOf(dead.pid)).toBe("Z");
        expect(JSON.parse(readFileSync(`${dataDir}.lock`, "utf8")).pid).toBe(process.pid);
        lock.release();
      } finally {
        dead.end();
      }
    },
  );

  test.runIf(existsSync("/proc/self/stat"))("a holder whose process is gone is taken over at once", async () => {
    const dataDir = freshDataDir();
    const child = spawn("sleep", ["1000"], { stdio: "ignore" });
    await new Promise((done) => child.once("spawn", done));
    const procStart = procStartOf(child.pid!);
    await killHard(child); // exited and reaped: its pid no longer exists
    expect(existsSync(`/proc/${child.pid}`)).toBe(false);
    writeLock(dataDir, { pid: child.pid!, procStart });
    const started = Date.now();
    const lock = await lockDataDir(dataDir);
    expect(Date.now() - started, "at once, no waiting").toBeLessThan(1_000);
    lock.release();
  });

  test("a live holder with the same start time is refused, also when it sleeps (not a zombie)", async () => {
    const dataDir = freshDataDir();
    const sleeper = spawn("sleep", ["1000"], { stdio: "ignore" });
    try {
      await new Promise((done) => sleeper.once("spawn", done));
      writeLock(dataDir, { pid: sleeper.pid!, procStart: procStartOf(sleeper.pid!) });
      await expect(lockDataDir(dataDir)).rejects.toThrow(`DATA_DIR ${dataDir} is in use by process ${sleeper.pid}`);
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, "utf8")).pid, "its lock is left alone").toBe(sleeper.pid);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  test("a lock from another host is refused, never taken over", async () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { hostname: "elsewhere" });
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by process 999999999 on host elsewhere (started 2026-01-01T00:00:00.000Z)`,
    );
    await expect(lockDataDir(dataDir)).rejects.toThrow(`if that process is gone, delete ${dataDir}.lock`);
  });
});

describe("how far a process is from gone, by its threads' /proc stat lines", () => {
  // state is the field after the command; flags (PF_EXITING = 0x4 while in do_exit) the seventh after it.
  const thread = (state: string, flags: number) => `4242 (node (api)) ${state} 1 4242 4242 0 -1 ${flags} 0 0`;
  test.each([
    { what: "one thread asleep", threads: [thread("S", 0x400000)], life: "running" },
    { what: "two threads at work", threads: [thread("R", 0x400000), thread("S", 0x400040)], life: "running" },
    { what: "a zombie", threads: [thread("Z", 0x40840c)], life: "exited" },
    { what: "dead (X)", threads: [thread("X", 0x40840c)], life: "exited" },
    { what: "no threads left (reaped while we read)", threads: [], life: "exited" },
    // Only the main thread has exited: the other threads still run and may still write.
    {
      what: "a zombie main thread beside a running one",
      threads: [thread("Z", 0x40840c), thread("S", 0x400040)],
      life: "running",
    },
    // SIGKILL delivered: every thread in do_exit, tearing down, not yet a zombie.
    { what: "every thread in do_exit", threads: [thread("R", 0x40044c), thread("D", 0x400044)], life: "exiting" },
    {
      what: "a zombie main thread, the last other one in do_exit",
      threads: [thread("Z", 0x40840c), thread("D", 0x400044)],
      life: "exiting",
    },
  ])("$what → $life", ({ threads, life }) => {
    expect(lifeOfThreads(threads)).toBe(life);
  });
});

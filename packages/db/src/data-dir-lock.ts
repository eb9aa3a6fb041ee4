/**
 * An exclusive lock on a PGlite data directory. PGlite is one process's database: a second process
 * on the same files does not fail, it silently forks the data (its own view, its own receipt
 * numbers, and whichever process writes last overwrites the other). So the directory is locked
 * for the life of the process that opened it, and a second opener is refused at once.
 *
 * The lock is the file `<dataDir>.lock` (beside the directory, so PGlite never sees a foreign file
 * in its PGDATA), holding who took it: pid, process start, host, boot. Node has no flock(), so the
 * lock is the file's existence, created atomically; a lock whose process is gone (kill -9), or has
 * exited and waits only to be reaped by its parent (a zombie), is stale and taken over.
 */
import { randomBytes } from "node:crypto";
import { linkSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";

export class DataDirInUseError extends Error {
  readonly code = "DATA_DIR_IN_USE";
  constructor(message: string) {
    super(message);
    this.name = "DataDirInUseError";
  }
}

export type DataDirLock = {
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release: () => void;
};

export type Holder = {
  /** Unique per acquisition: tells this lock apart from any earlier or later one on the same path. */
  id: string;
  pid: number;
  hostname: string;
  /** When the holding process started (ISO), for the message. */
  startedAt: string;
  /** Linux: start time of the pid in clock ticks since boot (/proc/<pid>/stat field 22); else null. */
  procStart: string | null;
  /** Linux: /proc/sys/kernel/random/boot_id; else null. */
  bootId: string | null;
};

/** Ids of the locks this process holds, so its own pid in a lock file is not mistaken for a predecessor's. */
const heldHere = new Set<string>();

const TAKEOVER_ATTEMPTS = 20;
const TAKEOVER_WAIT_MS = 50;

/** Takes the lock on dataDir or throws DataDirInUseError naming who holds it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const lockPath = `${dir}.lock`;
  const me: Holder = {
    id: randomBytes(8).toString("hex"),
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    procStart: procStartOf(process.pid),
    bootId: bootId(),
  };
  let exiting: Holder | null = null;
  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
    if (createExclusive(lockPath, me)) {
      heldHere.add(me.id);
      return { release: () => release(lockPath, me.id) };
    }
    const holder = readHolder(lockPath);
    exiting = null;
    if (holder === "gone") continue; // released or taken over between our link and our read
    if (holder === "unreadable") {
      throw new DataDirInUseError(
        `DATA_DIR ${dir} has an unreadable lock file ${lockPath}; if no API process uses that directory, delete the file`,
      );
    }
    const state = holderState(holder);
    if (state === "alive") throw new DataDirInUseError(inUseMessage(dir, lockPath, holder));
    if (state === "in-doubt") {
      throw new DataDirInUseError(
        `${inUseMessage(dir, lockPath, holder)} (if that process is gone, delete ${lockPath})`,
      );
    }
    if (state === "exiting") {
      // Killed and tearing down (a moment): it runs no more code of its own, but may still hold files.
      exiting = holder;
      await new Promise((done) => setTimeout(done, TAKEOVER_WAIT_MS));
      continue;
    }
    const outcome = takeOverStale(lockPath, holder);
    if (outcome === "interrupted") {
      throw new DataDirInUseError(
        `DATA_DIR ${dir}: a takeover of the stale lock ${lockPath} was interrupted; if no API process uses that directory, delete ${lockPath} and ${claimPath(lockPath, holder)}`,
      );
    }
    if (outcome === "busy") await new Promise((done) => setTimeout(done, TAKEOVER_WAIT_MS));
    // removed or busy: try to create our own lock again; a live winner refuses us on the next turn.
  }
  if (exiting) throw new DataDirInUseError(`${inUseMessage(dir, lockPath, exiting)} (it is exiting)`);
  throw new DataDirInUseError(`DATA_DIR ${dir}: could not take the lock ${lockPath}; is another process starting?`);
}

function inUseMessage(dir: string, lockPath: string, holder: Holder): string {
  const where = holder.hostname === hostname() ? "" : ` on host ${holder.hostname}`;
  const self = holder.pid === process.pid && heldHere.has(holder.id) ? " (this process)" : "";
  return (
    `DATA_DIR ${dir} is in use by process ${holder.pid}${self}${where} (started ${holder.startedAt}); ` +
    `stop it first, or use DATABASE_URL to run several API processes on one PostgreSQL (lock: ${lockPath})`
  );
}

/**
 * Whether the lock's process still runs. Dead means: not alive (kill(pid, 0) → ESRCH); exited but not
 * yet reaped by its parent (a zombie: kill(pid, 0) still succeeds and /proc still shows its start
 * time, but it runs no code and holds no files, so taking over is safe; every thread counts, as a
 * process whose main thread alone has exited still runs); or the pid now belongs to another process
 * (a different start time, a reboot in between, or our own pid without our own lock: a container
 * restarted with the same pid). Exiting (killed, still tearing down) is waited for. Another host, or
 * no way to tell a reused pid apart, is in doubt: refused, never taken over.
 */
function holderState(holder: Holder): "alive" | "exiting" | "dead" | "in-doubt" {
  if (holder.hostname !== hostname()) return "in-doubt";
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return "dead";
  if (holder.pid === process.pid) return heldHere.has(holder.id) ? "alive" : "dead";
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "dead";
    // EPERM: the pid runs under another user, so it is alive; go on to check it is the same process.
  }
  const now = procStartOf(holder.pid);
  if (holder.procStart && now) {
    if (holder.procStart !== now) return "dead";
    const life = lifeOfThreads(threadStats(holder.pid));
    return life === "exited" ? "dead" : life === "exiting" ? "exiting" : "alive";
  }
  return holder.procStart || now ? "in-doubt" : "alive";
}

/** PF_EXITING in /proc/<pid>/stat's flags (field 9): the thread is in do_exit and runs no more user code. */
const PF_EXITING = 0x4;

/**
 * How far a process is from gone, by the /proc/<pid>/task/<tid>/stat lines of its threads: `exited`
 * when every thread is a zombie (Z) or dead (X) — threads other than the main one vanish from the
 * list once gone, the main one stays a zombie until its parent reaps it; `exiting` when every thread
 * is exited or in do_exit (SIGKILL delivered); else `running`. No lines (the process vanished
 * between our checks): `exited`. (Exported for its test.)
 */
export function lifeOfThreads(stats: string[]): "exited" | "exiting" | "running" {
  const threads = stats.map((stat) => {
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], flags: Number(fields[6]) };
  });
  const exited = (t: { state?: string }) => t.state === "Z" || t.state === "X";
  if (threads.every(exited)) return "exited";
  if (threads.every((t) => exited(t) || (t.flags & PF_EXITING) !== 0)) return "exiting";
  return "running";
}

function threadStats(pid: number): string[] {
  const stats: string[] = [];
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return stats; // gone since kill(pid, 0)
  }
  for (const tid of tids) {
    try {
      stats.push(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8"));
    } catch {
      // this thread ended while we read the list
    }
  }
  return stats;
}

/**
 * Removes one particular stale lock, so that only one process can do it. Unlinking it directly
 * would race: A unlinks the stale lock and links its own; B, which read the same stale lock a
 * moment earlier, unlinks A's fresh lock and links its own, and both run. So the right to remove
 * a stale lock is itself taken first, by creating a claim file named after that lock's unique id
 * exclusively (like `wx`, O_CREAT|O_EXCL: exactly one creator wins). The winner checks that the lock path still
 * holds that same id (nobody else may remove it, and the dead holder cannot), unlinks it and
 * leaves; it then links its own lock like any starter, so even a newcomer that saw no lock at all
 * cannot also win: link() lets exactly one of them in. (Exported for its test.)
 */
export function takeOverStale(lockPath: string, stale: Holder): "removed" | "busy" | "interrupted" {
  const claim = claimPath(lockPath, stale);
  if (!createExclusive(claim, { pid: process.pid, procStart: procStartOf(process.pid) })) {
    // Another process is taking this stale lock over right now, or died doing so (kill -9 in a
    // window of microseconds). The latter needs a person; the former is over in a moment.
    return claimerAlive(claim) ? "busy" : "interrupted";
  }
  try {
    const current = readHolder(lockPath);
    if (typeof current === "object" && current.id === stale.id) unlinkSync(lockPath);
    return "removed";
  } finally {
    unlinkQuietly(claim);
  }
}

function claimPath(lockPath: string, stale: Holder): string {
  return `${lockPath}.${stale.id}.takeover`;
}

function claimerAlive(claim: string): boolean {
  try {
    const { pid, procStart } = JSON.parse(readFileSync(claim, "utf8")) as { pid: number; procStart: string | null };
    process.kill(pid, 0);
    const now = procStartOf(pid);
    if (procStart && now && procStart !== now) return false;
    return lifeOfThreads(threadStats(pid)) === "running";
  } catch (error) {
    // ENOENT: the claim was just finished; EPERM: alive under another user; ESRCH or junk: dead.
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "EPERM";
  }
}

function release(lockPath: string, id: string): void {
  if (!heldHere.delete(id)) return;
  const current = readHolder(lockPath);
  if (typeof current === "object" && current.id === id) unlinkQuietly(lockPath);
}

/**
 * Creates path holding content unless it exists. Written in full under a private name first and
 * then hard-linked: link() fails with EEXIST atomically like `wx`, and unlike `wx` + write nobody
 * ever reads a half-written file.
 */
function createExclusive(path: string, content: object): boolean {
  const draft = `${path}.${randomBytes(8).toString("hex")}.draft`;
  writeFileSync(draft, `${JSON.stringify(content)}\n`, { flag: "wx" });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkQuietly(draft);
  }
}

function readHolder(lockPath: string): Holder | "gone" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    if (
      typeof holder.id !== "string" ||
      !Number.isInteger(holder.pid) ||
      holder.pid <= 0 ||
      typeof holder.hostname !== "string"
    ) {
      return "unreadable";
    }
    return holder;
  } catch {
    return "unreadable";
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function procStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return null;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

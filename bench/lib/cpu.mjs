// Where the server and the load generator run. On a machine with ≥ 2 cores and taskset (util-linux),
// the product is pinned to core 0 and the load generator to core 1, so they do not take each other's
// CPU time; without taskset both float and the figures are noisier (the run says so).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const canPin = availableParallelism() >= 2 && spawnSync("taskset", ["-c", "0", "true"]).status === 0;

export const SERVER_CORE = "0";
export const LOAD_CORE = "1";

export function pinningNote() {
  return canPin
    ? `taskset: product on core ${SERVER_CORE}, load generator on core ${LOAD_CORE}`
    : "no pinning (taskset missing or < 2 cores): product and load generator share the cores";
}

/** [command, args] that run `node ...nodeArgs` on `core` when pinning is possible. */
export function nodeOnCore(core, nodeArgs) {
  return onCore(core, process.execPath, nodeArgs);
}

/** [command, args] that run `command ...args` on `core` when pinning is possible. */
export function onCore(core, command, args) {
  return canPin ? ["taskset", ["-c", core, command, ...args]] : [command, args];
}

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** CPU time (user + system) a process has used so far, in seconds (Linux /proc), or null when unreadable. */
export function cpuSeconds(pid) {
  const times = cpuTimes(pid);
  return times && times.user + times.system;
}

/** { user, system }: the CPU seconds a process spent in its own code and in the kernel for it, or null. */
export function cpuTimes(pid) {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
    return { user: Number(fields[11]) / ticksPerSecond, system: Number(fields[12]) / ticksPerSecond };
  } catch {
    return null;
  }
}

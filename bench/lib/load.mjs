// Runs load-worker.mjs as a second process on the load generator's core and returns its summary.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { LOAD_CORE, nodeOnCore } from "./cpu.mjs";

const WORKER = join(import.meta.dirname, "load-worker.mjs");

/**
 * plan: { seconds, warmupSeconds, targets: [{ name, url, connections, pipelining?, etags?,
 * requests: [{ method, path, headers, body? }] }] } → one summary per target.
 */
export function runLoad(plan) {
  return runNodeChild([WORKER], plan);
}

/** Spawns `node ...args` on the load core, writes `input` as JSON to its stdin, parses its stdout as JSON. */
export function runNodeChild(args, input) {
  const [command, argv] = nodeOnCore(LOAD_CORE, args);
  const child = spawn(command, argv, { stdio: ["pipe", "pipe", "inherit"] });
  const out = [];
  child.stdout.on("data", (chunk) => out.push(chunk));
  child.stdin.end(JSON.stringify(input));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const text = Buffer.concat(out).toString("utf8");
      if (code !== 0) return reject(new Error(`${args.join(" ")} exited with ${code}: ${text.slice(0, 500)}`));
      resolve(JSON.parse(text));
    });
  });
}

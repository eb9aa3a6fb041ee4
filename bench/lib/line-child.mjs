// A long-lived Node child that reads one JSON command a line on stdin and answers one JSON line for each, so the
// parent can interleave runs on a warm process: the place-order flows (order-flows.mjs) and the guest reads'
// in-process baseline (guest-reads-inprocess.mjs).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { nodeOnCore } from "./cpu.mjs";
import { ROOT, START_NODE_FLAGS } from "./product.mjs";

/**
 * Runs `node --import tsx script ...args` on `core` with `env` added. The child runs the API's code, so with the
 * node options `npm start` gives the API (a client gets them too, which does it no harm).
 */
export function lineChild(script, args, core, env) {
  const [command, argv] = nodeOnCore(core, [...START_NODE_FLAGS, "--import", "tsx", script, ...args]);
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const label = `${script.split("/").at(-1)} ${args.join(" ")}`.trim();
  const exited = new Promise((_, reject) =>
    child.once("exit", (code) => reject(new Error(`${label} exited with ${code}`))),
  );
  exited.catch(() => {});
  const next = async () => {
    const { value, done } = await Promise.race([lines.next(), exited]);
    if (done) throw new Error(`${label} ended`);
    return JSON.parse(value);
  };
  return {
    /** The first line the child writes unasked (when it writes one: guest-reads-inprocess.mjs says it is ready). */
    next,
    async send(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return next();
    },
    async stop() {
      child.stdin.end(`${JSON.stringify({ stop: true })}\n`);
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
    kill: () => child.exitCode === null && child.kill("SIGKILL"),
    pid: child.pid,
  };
}

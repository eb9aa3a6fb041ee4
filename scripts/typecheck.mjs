#!/usr/bin/env node
/**
 * `npm run typecheck`: every workspace's own `typecheck` script, two at a time (these machines have 2 cores and
 * each tsc is single-threaded; npm's --workspaces runs them one after another). Output is printed per workspace
 * once it ends; the exit code is non-zero when any failed.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { workspaces } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
/** A workspace pattern of package.json ("apps/*" or "bench") as its folders. */
const folders = (pattern) =>
  pattern.endsWith("/*")
    ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
    : [pattern];
const checked = workspaces
  .flatMap(folders)
  .filter((dir) => existsSync(join(root, dir, "package.json")))
  .filter((dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).scripts?.typecheck);

function typecheck(dir) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "typecheck"], { cwd: join(root, dir) });
    let output = "";
    child.stdout.on("data", (data) => (output += data));
    child.stderr.on("data", (data) => (output += data));
    child.on("close", (code) => {
      console.log(`${code === 0 ? "ok" : "FAILED"}  ${dir}`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...checked];
const results = await Promise.all(
  Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
    const ok = [];
    while (queue.length > 0) ok.push(await typecheck(queue.shift()));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);

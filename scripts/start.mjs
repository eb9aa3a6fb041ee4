#!/usr/bin/env node
// `npm start`: builds the storefront when its build is missing or older than its sources, then
// runs the API, which also serves the built storefront, on PORT (default 3000).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const storefront = join(root, "apps/storefront");
const builtIndex = join(storefront, "dist/index.html");

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function storefrontIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ["src", "public", "index.html", "vite.config.ts"].map((p) => join(storefront, p)).filter(existsSync);
  const contracts = join(root, "packages/contracts/src");
  return Math.max(...sources.map(newestMtime), newestMtime(contracts)) > statSync(builtIndex).mtimeMs;
}

if (storefrontIsStale()) {
  console.log("Building the storefront…");
  const build = spawnSync("npm", ["run", "build", "--workspace", "apps/storefront"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/api/src/server.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

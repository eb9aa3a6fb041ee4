#!/usr/bin/env node
// `npm start`: builds the storefront, the back office and the API when their builds are missing or older than their
// sources, then runs the compiled API (apps/api/dist/server.js), which also serves the built
// storefront, on PORT (default 3000). `npm run dev` keeps running the TypeScript sources with tsx.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const storefront = join(root, "apps/storefront");
const api = join(root, "apps/api");
const contracts = join(root, "packages/contracts/src");

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Whether `built` is missing or older than any of `sources` (files or folders; missing ones are skipped). */
function isStale(built, sources) {
  if (!existsSync(built)) return true;
  return Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(built).mtimeMs;
}

function buildWorkspace(what, workspace) {
  console.log(`Building the ${what}…`);
  const build = spawnSync("npm", ["run", "build", "--workspace", workspace], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const storefrontSources = ["src", "public", "index.html", "vite.config.ts"].map((p) => join(storefront, p));
if (isStale(join(storefront, "dist/index.html"), [...storefrontSources, contracts]))
  buildWorkspace("storefront", "apps/storefront");

const backoffice = join(root, "apps/backoffice");
const backofficeSources = ["src", "index.html", "vite.config.ts"].map((p) => join(backoffice, p));
if (isStale(join(backoffice, "dist/index.html"), [...backofficeSources, contracts, join(root, "packages/domain/src")]))
  buildWorkspace("back office", "apps/backoffice");

// The bundle holds the API and every workspace package it imports (packages/*/src).
const packageSources = readdirSync(join(root, "packages")).map((name) => join(root, "packages", name, "src"));
const apiBundle = join(api, "dist/server.js");
if (isStale(apiBundle, [join(api, "src"), join(api, "build.mjs"), ...packageSources]))
  buildWorkspace("API", "apps/api");

// The API runs in this very process rather than a child: one Node start fewer on the way to the first
// answer (issue 12's cold start), and SIGTERM/SIGINT reach the server's own graceful shutdown directly.
// Node's source-map mode stays off: the API maps its own stack traces (apps/api/src/source-mapped-stacks.ts).
await import(pathToFileURL(apiBundle).href);

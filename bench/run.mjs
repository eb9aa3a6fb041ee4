#!/usr/bin/env node
// `npm run bench`: builds, starts the product as `npm start` does (compiled, fresh DATA_DIR or, with --pg, a fresh
// PostgreSQL database), measures it against baselines measured in the same run, prints a table, writes its figures
// to bench/results/ (git-ignored) and exits 1 when a target is missed. The targets are in lib/targets.mjs; absolute
// figures are printed for information and never fail the run.
//
//   npm run bench -- [--pg] [--processes N] [--quick] [--cpu-prof]
//                    [--only catalogue-reads|guest-reads|place-order|lunch-rush|cold-start|storefront|live-events|
//                            menu-image-uploads]
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measureCatalogueReads } from "./lib/catalogue-reads.mjs";
import { measureColdStart } from "./lib/cold-start.mjs";
import { readLoader } from "./lib/compare.mjs";
import { pinningNote } from "./lib/cpu.mjs";
import { measureGuestReads } from "./lib/guest-reads.mjs";
import { measureLiveEvents } from "./lib/live-events.mjs";
import { measureLunchRush } from "./lib/lunch-rush.mjs";
import { measureMenuImageUploads } from "./lib/menu-image-uploads.mjs";
import { measurePlaceOrder } from "./lib/place-order.mjs";
import { ROOT, startProduct } from "./lib/product.mjs";
import { resultsFileName } from "./lib/results-file.mjs";
import { openShop } from "./lib/shop.mjs";
import { formatTable, markdownTable, missedTargets } from "./lib/table.mjs";
import { measureStorefront } from "./storefront/index.mjs";

const PARTS = [
  "catalogue-reads",
  "guest-reads",
  "place-order",
  "lunch-rush",
  "cold-start",
  "storefront",
  "live-events",
  "menu-image-uploads",
];
/** The names of the parts before issue 40, still accepted. */
const FORMER_NAMES = { "menu-reads": "catalogue-reads", "other-reads": "guest-reads" };

const { values: options } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    processes: { type: "string", default: "1" },
    quick: { type: "boolean", default: false },
    only: { type: "string", multiple: true },
    "cpu-prof": { type: "boolean", default: false },
  },
});
const processes = Number(options.processes);
const only = (options.only ?? PARTS).map((part) => FORMER_NAMES[part] ?? part);
for (const part of only) if (!PARTS.includes(part)) fail(`--only ${part}: not one of ${PARTS.join(", ")}`);
if (processes > 1 && !options.pg) fail("--processes N > 1 needs --pg (several processes share one PostgreSQL)");

/** Seconds per measurement; --quick for development only (its figures are noisier). */
/** `extraSetups`: a PGlite run also measures place order on PostgreSQL (1 and 2 processes), for information. */
const timing = options.quick
  ? {
      seconds: 1.5,
      warmupSeconds: 0.5,
      orderSeconds: 3,
      rushSeconds: 10,
      rushWarmupSeconds: 2,
      coldStarts: 3,
      liveSeconds: 10,
      liveRounds: 1,
    }
  : {
      seconds: 5,
      warmupSeconds: 2,
      orderSeconds: 10,
      rushSeconds: 30,
      rushWarmupSeconds: 40,
      coldStarts: 5,
      liveSeconds: 30,
      liveRounds: 3,
    };
timing.extraSetups = !options.quick;
const setup = { pg: options.pg, processes };

function fail(message) {
  console.error(message);
  process.exit(2);
}

const log = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function build() {
  log("npm run build (storefront and API)");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) fail("npm run build failed");
}

/** Parts 1 and 2 share one product: reads change nothing the reads measure. */
async function measureReads() {
  const product = await startProduct(setup);
  try {
    const shop = await openShop(product.urls[0]);
    const rows = [];
    if (only.includes("catalogue-reads")) {
      log("part 1: public catalogue reads vs a bare node:http server sending the same bytes");
      rows.push(...(await measureCatalogueReads({ product, shop, timing })));
    }
    if (only.includes("guest-reads")) {
      log("part 2: guest reads vs the same reads as in-process function calls");
      rows.push(...(await measureGuestReads({ product, shop, timing })));
    }
    return rows;
  } finally {
    await product.stop();
  }
}

async function measureStorefrontPart() {
  log("part 5: storefront (first load, round trips, Lighthouse vs script-free snapshots)");
  const product = await startProduct({ pg: false, processes: 1 });
  try {
    return await measureStorefront({
      baseUrl: product.urls[0].replace("127.0.0.1", "localhost"),
      chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      runs: options.quick ? 1 : 3,
    });
  } finally {
    await product.stop();
  }
}

function machine() {
  return {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: availableParallelism(),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    pinning: pinningNote(),
    readLoader: readLoader.name,
  };
}

const startedAt = new Date().toISOString();
log(
  `${pinningNote()}; reads loaded by ${readLoader.name}; ${options.pg ? `PostgreSQL, ${processes} process(es)` : "PGlite"}${options.quick ? "; --quick" : ""}${options["cpu-prof"] ? "; --cpu-prof (the API processes of place order and live events profiled)" : ""}`,
);
build();
const rows = [];
/** A part that throws becomes a failed row: the other parts still run and the table is still written. */
async function measurePart(part, measure) {
  try {
    rows.push(...(await measure()));
  } catch (error) {
    console.error(`${part} failed:`, error);
    rows.push({
      part,
      name: "did not complete",
      measured: String(error?.message ?? error).slice(0, 200),
      target: "completes",
      ratio: null,
      pass: false,
    });
  }
}
if (only.includes("catalogue-reads") || only.includes("guest-reads")) await measurePart("1/2 reads", measureReads);
if (only.includes("place-order")) {
  log("part 3: place order, guest flows over HTTP vs the same calls in-process (app.inject)");
  const profileDir = options["cpu-prof"] ? join(import.meta.dirname, "results/profiles") : undefined;
  await measurePart("3 place order", () => measurePlaceOrder({ setup, timing, log, profileDir }));
}
if (only.includes("lunch-rush")) {
  log("part 4: lunch rush, 200 browsing and 32 ordering guests");
  await measurePart("4 lunch rush", () => measureLunchRush({ setup, timing, log }));
}
if (only.includes("storefront")) await measurePart("5 storefront", measureStorefrontPart);
if (only.includes("live-events")) {
  const profileDir = options["cpu-prof"] ? join(import.meta.dirname, "results/profiles/live-events") : undefined;
  await measurePart("7 live events", () => measureLiveEvents({ timing, log, profileDir }));
}
if (only.includes("menu-image-uploads"))
  await measurePart("8 menu image uploads", () => measureMenuImageUploads({ setup, timing, log }));
if (only.includes("cold-start")) {
  log("part 6: cold start of the compiled API on an existing DATA_DIR (information)");
  await measurePart("6 cold start", () => measureColdStart({ timing, log }));
}

console.log(`\n${formatTable(rows)}\n`);
const missed = missedTargets(rows);
const results = join(import.meta.dirname, "results");
mkdirSync(results, { recursive: true });
const report = {
  startedAt,
  finishedAt: new Date().toISOString(),
  machine: machine(),
  options: { ...setup, quick: options.quick, only, cpuProf: options["cpu-prof"] },
  rows,
};
// A profiled run is slowed by its profiler: kept apart from the full runs, as a run of some parts is.
const partial = new Set(only).size < PARTS.length || options["cpu-prof"];
const fileName = resultsFileName({ ...setup, quick: options.quick, partial });
const written = join(results, fileName);
writeFileSync(written, `${JSON.stringify(report, null, 2)}\n`);
// The same table in Markdown with the machine it ran on, as bench/README.md shows the latest run.
const machineLine = `${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}; ${report.machine.pinning}; reads loaded by ${readLoader.name}`;
writeFileSync(written.replace(/\.json$/, ".md"), `${startedAt}, ${machineLine}\n\n${markdownTable(rows)}\n`);
log(
  `wrote bench/results/${fileName}; ${missed.length === 0 ? "every target met" : `${missed.length} target(s) missed`}`,
);
process.exit(missed.length === 0 ? 0 : 1);

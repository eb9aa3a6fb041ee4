// Cold start, for information (no target: an absolute time says how fast the machine is as much as the code):
// from spawning `node scripts/start.mjs` (what `npm start` runs; npm's own start-up comes on top) to the first
// 200 of GET /api/health, on an existing DATA_DIR (migrated and seeded by a first start) with the builds up to
// date. Median of several starts.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, ROOT, START_NODE_FLAGS, stopChild, waitFor } from "./product.mjs";
import { infoRow } from "./table.mjs";

export async function measureColdStart({ timing, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-cold-"));
  try {
    await startOnce(dataDir); // creates, migrates and seeds the DATA_DIR: not measured
    const times = [];
    for (let i = 0; i < timing.coldStarts; i++) times.push(await startOnce(dataDir));
    log(`  cold starts: ${times.map((t) => `${Math.round(t)} ms`).join(", ")}`);
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    return [
      infoRow({
        part: "6 cold start",
        name: `npm start → first 200 of /api/health, existing DATA_DIR (median of ${times.length})`,
        value: Math.round(median),
        unit: "ms",
        details: times,
      }),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...START_NODE_FLAGS, join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Load tools send every request from 127.0.0.1: per-client limits (plugins/client-limit) must not be what they measure.
      CREATIONS_PER_MINUTE: "1000000",
      LOGIN_ATTEMPTS_PER_MINUTE: "1000000",
    },
    stdio: "ignore",
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000, 10);
    return performance.now() - started;
  } finally {
    await stopChild(child);
  }
}

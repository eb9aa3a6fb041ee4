#!/usr/bin/env node
// Issue 12 parts 5 and 6, the storefront as delivered to a phone, measured against a running product:
// `node bench/storefront/index.mjs http://localhost:3000` prints the rows; the bench runner imports
// measureStorefront. Host localhost is restaurant A of the demo seed.
import { pathToFileURL } from "node:url";
import { launchBrowser } from "./browser.mjs";
import { measureFirstLoadKb } from "./first-load.mjs";
import { basketWithOneItem, firstCategoryId, guestStorageScript, shopClient } from "./guest.mjs";
import { launchChrome, runLighthouse } from "./lighthouse.mjs";
import { benchmarkIndexRow, lighthouseRows } from "./lighthouse-rows.mjs";
import { measuredPages } from "./pages.mjs";
import { measureRoundTrips } from "./round-trips.mjs";
import { scriptFreeSnapshot } from "./snapshot.mjs";
import { startSnapshotProxy } from "./snapshot-proxy.mjs";
import { measureStaticHeaders } from "./static-headers.mjs";
import { row } from "./stats.mjs";

const FIRST_LOAD_BUDGET_KB = 135;
const MAX_ROUND_TRIPS = 2;

/** Every figure of parts 5 and 6 as rows `{ name, value, unit, target, pass }`. */
export async function measureStorefront({ baseUrl, chromiumPath = "/usr/bin/chromium", runs = 3 }) {
  const base = baseUrl.replace(/\/$/, "");
  const shop = await shopClient(base);
  const guest = { productionUnitId: shop.module.productionUnitId };
  const pages = measuredPages(await firstCategoryId(shop));
  const newBasket = (page) => (page.needsBasket ? basketWithOneItem(shop) : undefined);

  const browser = await launchBrowser(chromiumPath);
  const rows = [];
  const snapshots = new Map();
  try {
    const trips = await measureRoundTrips(browser, base, guest);
    rows.push(
      row(
        "API round trips before the first category tile",
        trips.depth,
        "sequential",
        `≤ ${MAX_ROUND_TRIPS}`,
        trips.depth <= MAX_ROUND_TRIPS,
      ),
    );
    for (const page of pages.filter((p) => !p.needsBasket)) {
      const { kb } = await measureFirstLoadKb(browser, base, guest, page.path, page.ready);
      rows.push(
        row(
          `First-load JavaScript ${page.name}`,
          Number(kb.toFixed(1)),
          "KB gzip",
          `≤ ${FIRST_LOAD_BUDGET_KB}`,
          kb <= FIRST_LOAD_BUDGET_KB,
        ),
      );
    }
    for (const page of pages)
      snapshots.set(page.name, await scriptFreeSnapshot(browser, base, guest, page, await newBasket(page)));
  } finally {
    await browser.close();
  }
  rows.push(...(await measureStaticHeaders(base)));

  // The page and its snapshot both through one proxy: same origin, same server (snapshot-proxy.mjs).
  const proxy = await startSnapshotProxy(base);
  const chrome = await launchChrome(chromiumPath);
  const everyRun = [];
  try {
    for (const page of pages) {
      const snapshotUrl = proxy.add(page.name, snapshots.get(page.name));
      const appRuns = [];
      const snapshotRuns = [];
      for (let run = 0; run < runs; run++) {
        const storage = guestStorageScript(proxy.origin, guest.productionUnitId, await newBasket(page));
        appRuns.push(await runLighthouse(chrome, `${proxy.origin}${page.path}`, storage));
        snapshotRuns.push(await runLighthouse(chrome, snapshotUrl));
      }
      rows.push(...lighthouseRows(page.name, appRuns, snapshotRuns));
      everyRun.push(...appRuns, ...snapshotRuns);
    }
    rows.push(benchmarkIndexRow(everyRun));
  } finally {
    chrome.kill();
    await proxy.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const baseUrl = process.argv[2] ?? "http://localhost:3000";
  const rows = await measureStorefront({ baseUrl, runs: Number(process.env.RUNS ?? 3) });
  console.table(rows);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

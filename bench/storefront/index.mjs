#!/usr/bin/env node
// The storefront as delivered to a phone, measured against a running product: first-load JavaScript, API round
// trips before the first category tile, and Lighthouse's CLS and LCP, the LCP against a script-free snapshot of
// the same page measured in the same run (targets.mjs). `node bench/storefront/index.mjs http://localhost:3000`
// prints the rows; the bench runner imports measureStorefront. Host localhost is restaurant A of the demo seed.
import { pathToFileURL } from "node:url";
import { budgetRow, formatTable, missedTargets } from "../lib/table.mjs";
import { TARGETS } from "../lib/targets.mjs";
import { launchBrowser } from "./browser.mjs";
import { measureFirstLoadKb } from "./first-load.mjs";
import { basketWithOneItem, firstCategoryId, guestStorageScript, shopClient } from "./guest.mjs";
import { launchChrome, runLighthouse } from "./lighthouse.mjs";
import { benchmarkIndexRow, lighthouseRows, PART } from "./lighthouse-rows.mjs";
import { measuredPages } from "./pages.mjs";
import { measureRoundTrips } from "./round-trips.mjs";
import { scriptFreeSnapshot } from "./snapshot.mjs";
import { startSnapshotProxy } from "./snapshot-proxy.mjs";
import { measureStaticHeaders } from "./static-headers.mjs";

/** Every figure of the storefront as the bench's rows (lib/table.mjs). */
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
      budgetRow({
        part: PART,
        name: "API round trips before the first category tile (sequential)",
        value: trips.depth,
        target: TARGETS.roundTripsBeforeFirstTile,
        details: trips.requests,
      }),
    );
    for (const page of pages.filter((p) => !p.needsBasket)) {
      const { kb, scripts } = await measureFirstLoadKb(browser, base, guest, page.path, page.ready);
      rows.push(
        budgetRow({
          part: PART,
          name: `First-load JavaScript ${page.name}`,
          value: Number(kb.toFixed(1)),
          unit: "KB gzip",
          target: TARGETS.firstLoadKb,
          details: scripts,
        }),
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
  console.log(formatTable(rows));
  if (missedTargets(rows).length > 0) process.exitCode = 1;
}

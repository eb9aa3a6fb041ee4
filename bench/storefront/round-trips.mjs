import { phonePage } from "./browser.mjs";
import { guestStorageScript } from "./guest.mjs";

/** Marks the moment the first category tile is in the DOM (performance.now(), the clock of Resource Timing). */
const MARK_FIRST_TILE = `new MutationObserver((_, observer) => {
  if (!document.querySelector(".category-tile")) return;
  window.__firstTileAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/**
 * The sequential API round trips before the first category tile of `/` is in the DOM, for a logged-in
 * guest: each /api request's depth is 1 + the deepest /api request that had finished before it started,
 * and the answer is the deepest request started before the tile. Independent calls made in parallel
 * count once; a chain of calls each waiting for the last counts each.
 */
export async function measureRoundTrips(browser, baseUrl, guest) {
  const { context, page } = await phonePage(
    browser,
    guestStorageScript(new URL(baseUrl).origin, guest.productionUnitId),
  );
  await context.addInitScript(MARK_FIRST_TILE);
  try {
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector(".category-tile", { timeout: 30_000 });
    const { tileAt, requests } = await page.evaluate(() => ({
      tileAt: window.__firstTileAt,
      requests: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/api/"))
        .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
    }));
    return { depth: dependencyDepth(requests.filter((r) => r.start < tileAt)), requests, tileAt };
  } finally {
    await context.close();
  }
}

/** The longest chain of requests where each started only after the one before it had finished. */
export function dependencyDepth(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depths = [];
  for (const [i, request] of sorted.entries()) {
    const before = sorted.slice(0, i).filter((earlier, j) => earlier.end <= request.start && depths[j] !== undefined);
    depths.push(1 + Math.max(0, ...before.map((earlier) => depths[sorted.indexOf(earlier)])));
  }
  return Math.max(0, ...depths);
}

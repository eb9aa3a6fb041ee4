import { phonePage } from "./browser.mjs";
import { guestStorageScript } from "./guest.mjs";
import { isShown, untilShown } from "./pages.mjs";

/**
 * The JavaScript a logged-in guest's phone downloads to show `path`: every script whose request started before
 * the page was shown (pages.mjs `isShown`), in KB as the server sends it gzip-compressed (its .gz file,
 * Content-Length). The moment it is shown is stamped inside the page at the DOM change that made it so, not when
 * a poll from outside notices: the option panel and the expanded cart are fetched in an idle moment after the
 * page has painted (so a first tap does not wait) and are not part of what it needs to show.
 */
export async function measureFirstLoadKb(browser, baseUrl, guest, path, readySelector) {
  const { context, page } = await phonePage(
    browser,
    guestStorageScript(new URL(baseUrl).origin, guest.productionUnitId),
  );
  await context.addInitScript(stampWhenShown(readySelector));
  let scripts;
  try {
    await page.goto(`${baseUrl}${path}`);
    await untilShown(page, readySelector);
    scripts = await page.evaluate(() =>
      window.__shownAt === undefined
        ? null
        : performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && entry.startTime < window.__shownAt)
            .map((entry) => entry.name),
    );
    if (!scripts) throw new Error(`${path}: shown, but no DOM change was seen to show it`);
  } finally {
    await context.close();
  }
  const sizes = await Promise.all(scripts.map((url) => gzipBytes(url)));
  return { kb: sizes.reduce((sum, bytes) => sum + bytes, 0) / 1024, scripts };
}

/** An init script: sets `window.__shownAt` (performance.now) at the first DOM change after which the page is shown. */
export function stampWhenShown(ready) {
  return `(() => {
    const isShown = ${isShown.toString()};
    const stamp = () => {
      if (!isShown({ ready: ${JSON.stringify(ready)} })) return;
      window.__shownAt = performance.now();
      observer.disconnect();
    };
    const observer = new MutationObserver(stamp);
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["src", "class"] });
  })();`;
}

async function gzipBytes(url) {
  const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch unpacks the body; the header says what went over the wire.
  const length = Number(response.headers.get("content-length"));
  if (response.headers.get("content-encoding") !== "gzip" || !length) return body.length;
  return length;
}

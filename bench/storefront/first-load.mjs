import { phonePage } from "./browser.mjs";
import { guestStorageScript } from "./guest.mjs";
import { untilShown } from "./pages.mjs";

/**
 * The JavaScript a logged-in guest's phone downloads to show `path` (until it is shown: pages.mjs `untilShown`),
 * in KB as the server sends it gzip-compressed (its .gz file, Content-Length).
 */
export async function measureFirstLoadKb(browser, baseUrl, guest, path, readySelector) {
  const { context, page } = await phonePage(
    browser,
    guestStorageScript(new URL(baseUrl).origin, guest.productionUnitId),
  );
  const scripts = new Set();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(request.url());
  });
  try {
    await page.goto(`${baseUrl}${path}`);
    await untilShown(page, readySelector);
  } finally {
    await context.close();
  }
  const sizes = await Promise.all([...scripts].map((url) => gzipBytes(url)));
  return { kb: sizes.reduce((sum, bytes) => sum + bytes, 0) / 1024, scripts: [...scripts] };
}

async function gzipBytes(url) {
  const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  const body = Buffer.from(await response.arrayBuffer());
  // fetch unpacks the body; the header says what went over the wire.
  const length = Number(response.headers.get("content-length"));
  if (response.headers.get("content-encoding") !== "gzip" || !length) return body.length;
  return length;
}

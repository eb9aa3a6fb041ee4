import { phonePage } from "./browser.mjs";
import { guestStorageScript } from "./guest.mjs";
import { untilShown } from "./pages.mjs";

/**
 * The page as the guest sees it once it is ready, without any script: the rendered DOM with every
 * <script> (code and data) and module preload removed. Served from the same server, it is what the page
 * would cost with no JavaScript at all — the floor its LCP is compared with.
 */
export async function scriptFreeSnapshot(browser, baseUrl, guest, page, basketId) {
  const storage = guestStorageScript(new URL(baseUrl).origin, guest.productionUnitId, basketId);
  const { context, page: tab } = await phonePage(browser, storage);
  try {
    await tab.goto(`${baseUrl}${page.path}`);
    await untilShown(tab, page.ready);
    return await tab.evaluate(() => {
      for (const node of document.querySelectorAll('script, link[rel="modulepreload"]')) node.remove();
      return `<!doctype html>\n${document.documentElement.outerHTML}`;
    });
  } finally {
    await context.close();
  }
}

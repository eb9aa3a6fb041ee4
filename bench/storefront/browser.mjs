import { chromium } from "playwright-core";

/** Debian's Chromium through playwright-core, headless, as the browser tests run it. */
export function launchBrowser(chromiumPath) {
  return chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
}

/** A fresh phone-sized page (empty cache and storage) with the guest's storage set at each document start. */
export async function phonePage(browser, storageScript) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "da-DK" });
  await context.addInitScript(storageScript);
  return { context, page: await context.newPage() };
}

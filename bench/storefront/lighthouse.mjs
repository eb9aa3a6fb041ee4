import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

/**
 * One Lighthouse 12 run, mobile preset (its default: a mid-range phone, simulated slow 4G, 4× CPU
 * slowdown), performance only. Lighthouse clears the origin's cache and storage first; `storageScript`
 * then sets the guest's login (and basket) at the start of every document, as the app stored them.
 */
export async function runLighthouse(chrome, url, storageScript) {
  // A loaded machine now and then loses the trace (NO_NAVSTART, NO_FCP): such a run measured nothing.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(chrome, url, storageScript);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

const ATTEMPTS = 3;

async function runOnce(chrome, url, storageScript) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  try {
    if (storageScript) await page.evaluateOnNewDocument(storageScript);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      undefined,
      page,
    );
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      cls: audits["cumulative-layout-shift"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      lcp: audits["largest-contentful-paint"].numericValue,
      lcpElement: lcpElementOf(audits),
      benchmarkIndex: environment.benchmarkIndex,
    };
  } finally {
    await page.close().catch(() => {});
    browser.disconnect();
  }
}

/** The element of the largest paint, as Lighthouse names it (its selector and the start of its HTML). */
function lcpElementOf(audits) {
  const node = audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector} ${node.snippet}` : "unknown";
}

/** Debian's Chromium for Lighthouse, headless (new) and without the sandbox (containers, root). */
export function launchChrome(chromiumPath) {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
}

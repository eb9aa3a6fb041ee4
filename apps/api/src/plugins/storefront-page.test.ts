import { describe, expect, test } from "vitest";
import type { BootData } from "./storefront-boot-data";
import { buildShopPage } from "./storefront-page";

const INDEX_HTML =
  '<!doctype html>\n<html lang="da">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Bestil online</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head>\n  <body></body>\n</html>';

/** A host whose menu makes the data blocks several kilobytes long, as a real one does. */
const BOOT: BootData = {
  module: '{"id":7,"productionUnitId":3}',
  productionUnitId: 3,
  start: null,
  languages: '{"defaultLanguage":"da-DK"}',
  catalogue: JSON.stringify({ categories: Array.from({ length: 60 }, (_, id) => ({ id, name: `Kategori ${id}` })) }),
  stock: null,
};

const EARLY_HINTS = {
  first: '<script type="module" async crossorigin src="/assets/early-date-formats-6.js"></script>',
  early: '<script type="module" async crossorigin src="/assets/early-reads-5.js"></script>',
  preloads: "",
};

describe("the page's head", () => {
  test("keeps index.html's character encoding within the first 1024 bytes, the data blocks after it", () => {
    const html = buildShopPage(INDEX_HTML, BOOT, { routeHints: EARLY_HINTS }).html.toString("utf8");

    expect(html.length).toBeGreaterThan(2048);
    const charsetEnd = html.indexOf('<meta charset="UTF-8" />') + '<meta charset="UTF-8" />'.length;
    expect(charsetEnd).toBeGreaterThan(0);
    expect(Buffer.byteLength(html.slice(0, charsetEnd))).toBeLessThanOrEqual(1024);
    expect(html.indexOf('id="shop-catalogue"')).toBeGreaterThan(charsetEnd);
    expect(html.indexOf('<link rel="preload" href="/api/token/3"')).toBe(charsetEnd);
  });

  test("puts the preloads, the first script, the data blocks and the early script in that order, before the app", () => {
    const html = buildShopPage(INDEX_HTML, BOOT, { routeHints: EARLY_HINTS }).html.toString("utf8");

    const order = [
      '<link rel="preload" href="/api/token/3"',
      "early-date-formats-6.js",
      'id="shop-catalogue"',
      "early-reads-5.js",
      "index-1.js",
    ].map((part) => html.indexOf(part));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("without a character encoding in index.html, its additions come right after <head>", () => {
    const bare = "<!doctype html><head><title>shop</title></head><body></body>";
    const html = buildShopPage(bare, BOOT, { routeHints: EARLY_HINTS }).html.toString("utf8");

    expect(html.startsWith('<!doctype html><head><link rel="preload" href="/api/token/3"')).toBe(true);
    expect(html.indexOf("<title>shop</title>")).toBeGreaterThan(html.indexOf('id="shop-catalogue"'));
  });
});

import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../shared/encoded-json";
import { matchesIfNoneMatch } from "./answer-cache";
import {
  type BootData,
  CATALOGUE_BLOCK_ID,
  dataBlock,
  LANGUAGES_BLOCK_ID,
  MODULE_BLOCK_ID,
  START_BLOCK_ID,
  STOCK_BLOCK_ID,
} from "./storefront-boot-data";
import { type ShopHead, withShopHead } from "./storefront-head";
import type { RouteHints } from "./storefront-route-hints";

/** index.html as one host gets it: the same bytes for every guest of the host, so it can carry an ETag. */
export type ShopPage = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** The built message files by language, e.g. `{ "da-DK": "/assets/da-DK-DoKz34rl.json" }`. */
export type LocaleFiles = Readonly<Record<string, string>>;

export type ShopPageOptions = {
  localeFiles?: LocaleFiles;
  /** The page's route: the preloads of its chunks, and its early scripts (storefront-route-hints.ts). */
  routeHints?: RouteHints;
  /** Adds the sold-out lists, for a page whose first loader reads them (the menu). */
  withStock?: boolean;
  /** The shop's title, description, icon and Open Graph tags (storefront-head.ts); none: index.html's own. */
  head?: ShopHead | null;
};

/**
 * Where the page's additions start: after the character encoding's `<meta>` when index.html has one, which HTML
 * wants within the page's first 1024 bytes (the data blocks alone are kilobytes); else right after `<head>`.
 */
const HEAD_START = /<head>(?:\s*<meta charset=[^>]*>)?/i;

/**
 * index.html with the host's data blocks before `</head>` (module scripts run after parsing, they find
 * them), and preloads of what the app start still fetches — the token, the maintenance flag and the
 * messages of the host's default language — so they are under way while the scripts download. The
 * `crossorigin` of each makes it the same request as the app's fetch (mode cors, same-origin
 * credentials), which then takes the preloaded answer. The script every page runs first, then a route's early
 * script (with the data blocks it reads), come right after them: they are asked for before the app's bundle.
 */
export function buildShopPage(
  indexHtml: string,
  boot: BootData | null,
  {
    localeFiles = {},
    routeHints = { first: "", early: "", preloads: "" },
    withStock = false,
    head = null,
  }: ShopPageOptions = {},
): ShopPage {
  const preloads = boot ? preloadsFor(boot, localeFiles) : "";
  const blocks = boot
    ? [
        dataBlock(MODULE_BLOCK_ID, boot.module),
        boot.start ? dataBlock(START_BLOCK_ID, boot.start) : "",
        boot.languages ? dataBlock(LANGUAGES_BLOCK_ID, boot.languages) : "",
        boot.catalogue ? dataBlock(CATALOGUE_BLOCK_ID, boot.catalogue) : "",
        withStock && boot.stock ? dataBlock(STOCK_BLOCK_ID, boot.stock) : "",
      ]
    : [];
  // A route's early script reads the blocks when it runs, which is as soon as it has arrived: they come
  // before it in the page, so the parser has read them by then. Without one they stay after the app's files.
  const early = routeHints.early ? `${blocks.join("")}${routeHints.early}` : "";
  const late = routeHints.early ? "" : blocks.join("");
  // Replacer functions: a replacement string would read `$&`, `$'` or `$$` in the data as patterns.
  const html = Buffer.from(
    withShopHead(indexHtml, head)
      .replace(HEAD_START, (start) => `${start}${preloads}${routeHints.first}${early}`)
      .replace("</head>", () => `${routeHints.preloads}${late}</head>`),
  );
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
    // Weak: the br, gzip and plain bodies differ in bytes but are the same page.
    etag: `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  };
}

function preloadsFor(boot: BootData, localeFiles: LocaleFiles): string {
  const defaultLanguage = boot.languages
    ? (JSON.parse(boot.languages) as { defaultLanguage?: string }).defaultLanguage
    : undefined;
  const messages = defaultLanguage ? localeFiles[defaultLanguage] : undefined;
  return [`/api/token/${boot.productionUnitId}`, "/static/maintenanceMode.json", messages]
    .filter((href) => href !== undefined)
    .map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`)
    .join("");
}

/**
 * Sends the page revalidated on every use (`no-cache`): 304 when the browser's copy is current, else the
 * smallest body the browser accepts.
 */
export function sendShopPage(request: FastifyRequest, reply: FastifyReply, page: ShopPage): FastifyReply {
  reply
    .header("cache-control", "no-cache")
    .header("etag", page.etag)
    .header("vary", "Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (matchesIfNoneMatch(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return reply.send(request.method === "HEAD" ? undefined : body);
}

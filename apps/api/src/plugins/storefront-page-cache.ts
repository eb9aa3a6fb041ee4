import type { FastifyInstance } from "fastify";
import { readBootData } from "./storefront-boot-data";
import { buildShopPage, type LocaleFiles, type ShopPage } from "./storefront-page";

/**
 * How long one host's page is reused. The catalogue it carries changes rarely; a guest loading within
 * this after a menu change sees the old menu until the next load (the basket and checkout recompute
 * prices on the server anyway). It bounds the API calls the pages cost under load to a few per host.
 */
const PAGE_TTL_MS = 10_000;
/** Host names come from the request: a bounded number of them is kept, so made-up hosts cannot fill memory. */
const MAX_HOSTS = 100;

/** Per-host pages, read once per PAGE_TTL_MS; concurrent requests for a host share one read. */
export function createShopPageCache(
  app: FastifyInstance,
  indexHtml: string,
  localeFiles: LocaleFiles,
  now: () => number = Date.now,
) {
  const pages = new Map<string, { until: number; page: Promise<ShopPage> }>();
  return (host: string): Promise<ShopPage> => {
    const cached = pages.get(host);
    if (cached && cached.until > now()) return cached.page;
    const page = readBootData(app, host)
      .catch(() => null)
      .then((boot) => buildShopPage(indexHtml, boot, localeFiles));
    pages.delete(host);
    if (pages.size >= MAX_HOSTS) pages.delete(pages.keys().next().value!);
    pages.set(host, { until: now() + PAGE_TTL_MS, page });
    return page;
  };
}

import type { FastifyInstance } from "fastify";
import { type BootData, readBootData } from "./storefront-boot-data";
import { buildShopPage, type LocaleFiles, type ShopPage } from "./storefront-page";
import { FRONT_PAGE_KIND, tileImageHints } from "./storefront-route-hints";

/**
 * How long one host's data is reused. The catalogue it carries changes rarely; a guest loading within
 * this after a menu change sees the old menu until the next load (the basket and checkout recompute
 * prices on the server anyway). It bounds the API calls the pages cost under load to a few per host.
 */
const PAGE_TTL_MS = 10_000;
/** Host names come from the request: a bounded number of them is kept, so made-up hosts cannot fill memory. */
const MAX_HOSTS = 100;

export type PageParts = {
  indexHtml: string;
  localeFiles: LocaleFiles;
  /** The preload links of a kind of page (storefront-route-hints.ts); "" for none. */
  routeHints: (kind: string) => string;
};

type HostEntry = {
  until: number;
  parts: PageParts;
  boot: Promise<BootData | null>;
  pages: Map<string, Promise<ShopPage>>;
};

/**
 * Per host and kind of page, the page: the host's data read once per PAGE_TTL_MS (concurrent requests
 * share one read), each kind's page built from it once, from the build's files as `parts` gives them then.
 */
export function createShopPageCache(app: FastifyInstance, parts: () => PageParts, now: () => number = Date.now) {
  const hosts = new Map<string, HostEntry>();
  const entryFor = (host: string): HostEntry => {
    const cached = hosts.get(host);
    if (cached && cached.until > now()) return cached;
    const entry = {
      until: now() + PAGE_TTL_MS,
      parts: parts(),
      boot: readBootData(app, host).catch(() => null),
      pages: new Map(),
    };
    hosts.delete(host);
    if (hosts.size >= MAX_HOSTS) hosts.delete(hosts.keys().next().value!);
    hosts.set(host, entry);
    return entry;
  };
  return (host: string, kind: string): Promise<ShopPage> => {
    const entry = entryFor(host);
    let page = entry.pages.get(kind);
    if (!page) {
      page = entry.boot.then((boot) =>
        buildShopPage(
          entry.parts.indexHtml,
          boot,
          entry.parts.localeFiles,
          boot ? hintsFor(kind, boot, entry.parts) : "",
        ),
      );
      entry.pages.set(kind, page);
    }
    return page;
  };
}

/** The front page's tile pictures, or the route's own chunks. */
function hintsFor(kind: string, boot: BootData, parts: PageParts): string {
  return kind === FRONT_PAGE_KIND ? tileImageHints(boot.catalogue) : parts.routeHints(kind);
}

import type { ChangeFeed } from "@app/db";
import type { FastifyInstance } from "fastify";
import { type BootData, readBootData } from "./storefront-boot-data";
import { shopHead } from "./storefront-head";
import { buildShopPage, type LocaleFiles, type ShopPage } from "./storefront-page";
import { FRONT_PAGE_KIND, frontPageHints, type RouteHints, readsStockFirst } from "./storefront-route-hints";

/**
 * A host's page is kept like the answers it is made of (decision 021): under the change feed's generation, so
 * a menu edit, a price or a module change is in the next page, and built afresh on every request while the
 * feed is not live. Besides, it holds at most this long, for what the clock alone changes: today's opening
 * hours (open now or not) and the weekday's prices it carries, and the build's files (a rebuild under the
 * running server is found when the page is next built).
 */
const PAGE_TTL_MS = 10_000;
/** Host names come from the request: a bounded number of them is kept, so made-up hosts cannot fill memory. */
const MAX_HOSTS = 100;
/** Kinds of page times origins (a port and scheme in the Host header): a few each, so made-up ports cannot either. */
const MAX_PAGES_PER_HOST = 24;

export type PageParts = {
  indexHtml: string;
  localeFiles: LocaleFiles;
  /** The preload links and early scripts of a kind of page (storefront-route-hints.ts). */
  routeHints: (kind: string) => RouteHints;
};

type HostEntry = {
  until: number;
  generation: number;
  parts: PageParts;
  boot: Promise<BootData | null>;
  /** By kind of page and origin. */
  pages: Map<string, Promise<ShopPage>>;
};

/**
 * Per host and kind of page, the page: the host's data read once per change or PAGE_TTL_MS (concurrent requests
 * share one read), each kind's page built from it once, from the build's files as `parts` gives them then.
 */
export function createShopPageCache(
  app: FastifyInstance,
  parts: () => PageParts,
  changes: ChangeFeed,
  now: () => number = Date.now,
) {
  const hosts = new Map<string, HostEntry>();
  const entryFor = (host: string): HostEntry => {
    const cached = hosts.get(host);
    if (cached && cached.until > now() && changes.live && cached.generation === changes.generation) return cached;
    const entry = {
      until: now() + PAGE_TTL_MS,
      // Read before the data: a change notified while it is read makes this entry old at once.
      generation: changes.generation,
      parts: parts(),
      boot: readBootData(app, host).catch(() => null),
      pages: new Map(),
    };
    hosts.delete(host);
    if (hosts.size >= MAX_HOSTS) hosts.delete(hosts.keys().next().value!);
    hosts.set(host, entry);
    return entry;
  };
  /** `origin` (scheme and host as the guest asked) makes the Open Graph picture's URL absolute. */
  return (host: string, kind: string, origin: string): Promise<ShopPage> => {
    const entry = entryFor(host);
    const key = `${kind} ${origin}`;
    let page = entry.pages.get(key);
    if (!page) {
      if (entry.pages.size >= MAX_PAGES_PER_HOST) entry.pages.delete(entry.pages.keys().next().value!);
      page = entry.boot.then((boot) =>
        buildShopPage(entry.parts.indexHtml, boot, {
          localeFiles: entry.parts.localeFiles,
          routeHints: boot ? hintsFor(kind, boot, entry.parts) : undefined,
          withStock: readsStockFirst(kind),
          head: shopHead(boot, kind, origin),
        }),
      );
      entry.pages.set(key, page);
    }
    return page;
  };
}

/** The front page's tile pictures, or the route's own chunks and early script; every page's first script. */
function hintsFor(kind: string, boot: BootData, parts: PageParts): RouteHints {
  return kind === FRONT_PAGE_KIND ? frontPageHints(boot.catalogue, parts.routeHints(kind)) : parts.routeHints(kind);
}

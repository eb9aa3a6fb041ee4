import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { type ChangeFeed, readThroughFeed } from "@app/db";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { routeNotFound } from "../errors";
import { sendShopPage } from "./storefront-page";
import { createShopPageCache, type PageParts } from "./storefront-page-cache";
import { createRouteHints, routeKind } from "./storefront-route-hints";

/** Vite fingerprints everything under assets/: a file there never changes under the same name. */
const FINGERPRINTED = "public, max-age=31536000, immutable";
/** The build writes .br and .gz next to these (apps/storefront/build/precompress.ts). */
const PRECOMPRESSED = new Set([".js", ".css", ".json", ".svg", ".html", ".txt", ".webmanifest"]);

/** A host name (or bracketed IPv6 address) with an optional port: nothing else goes into the page's URLs. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Serves the built storefront. Unknown non-API paths get index.html (with the host's data blocks, see
 * storefront-boot-data.ts), so the client router decides (its /notfound page); anything else unknown is
 * the API's ROUTE_NOT_FOUND.
 */
export async function registerStorefront(
  app: FastifyInstance,
  dist: string,
  changes: ChangeFeed = readThroughFeed,
): Promise<void> {
  const hasStorefront = existsSync(join(dist, "index.html"));
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build's .br/.gz files, chosen by Accept-Encoding; no file is compressed per request.
      preCompressed: true,
      // They are found next to their file's own route: a route each of their own (GET and HEAD, two thirds
      // of the build's files) took a tenth of a second of every start.
      globIgnore: ["**/*.br", "**/*.gz"],
      // @fastify/static writes its own Cache-Control after setHeaders unless told not to.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.startsWith(join(dist, "assets")) ? FINGERPRINTED : "no-cache");
        if (PRECOMPRESSED.has(extname(path.replace(/\.(br|gz)$/, "")))) res.setHeader("vary", "Accept-Encoding");
      },
    });
  }
  const shopPage = hasStorefront ? createShopPageCache(app, buildFiles(dist), changes) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (shopPage && isPageRequest(request.method, path)) {
      if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(dist, path))) return reply.sendFile(path.slice(1));
      // The Host header as sent names the shop (its module's domain); only a plain host and port is echoed.
      const origin = `${request.protocol}://${PLAIN_HOST.test(request.host) ? request.host : request.hostname}`;
      return sendShopPage(request, reply, await shopPage(request.hostname, routeKind(path), origin));
    }
    return reply.send(routeNotFound(request.method, path));
  });
}

/**
 * index.html, the message files and the route hints of the build in `dist`, read again when index.html
 * changes (a new build under a running server: its pages must name the new files, not the deleted ones).
 * While a build is being written (no index.html), the last complete reading stays.
 */
function buildFiles(dist: string): () => PageParts {
  let readAt = -1;
  let parts: PageParts | undefined;
  return () => {
    try {
      const changed = statSync(join(dist, "index.html")).mtimeMs;
      if (!parts || changed !== readAt) {
        parts = {
          indexHtml: readFileSync(join(dist, "index.html"), "utf8"),
          localeFiles: localeFiles(dist),
          routeHints: createRouteHints(dist),
        };
        readAt = changed;
      }
    } catch (error) {
      if (!parts) throw error;
    }
    return parts;
  };
}

/** The build's message files (src/lib/fetch-locale.ts: `assets/{language}-{hash}.json`) by language. */
function localeFiles(dist: string): Record<string, string> {
  const assets = existsSync(join(dist, "assets")) ? readdirSync(join(dist, "assets")) : [];
  const files = assets.map((name) => /^([a-z]{2}-[A-Z]{2})-[\w-]+\.json$/.exec(name)).filter((m) => m !== null);
  return Object.fromEntries(files.map((m) => [m[1], `/assets/${m[0]}`]));
}

/** A browser (GET) or a link checker (HEAD) asking for a page of the shop, not for the API. */
function isPageRequest(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && path !== "/api" && !path.startsWith("/api/");
}

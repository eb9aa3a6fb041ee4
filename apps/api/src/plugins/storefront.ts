import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { routeNotFound } from "../errors";

/** Vite fingerprints everything under assets/: a file there never changes under the same name. */
const FINGERPRINTED = "public, max-age=31536000, immutable";

/**
 * Serves the built storefront. Unknown non-API paths get index.html, so the client router decides
 * (its /notfound page); anything else unknown is the API's ROUTE_NOT_FOUND.
 */
export async function registerStorefront(app: FastifyInstance, dist: string): Promise<void> {
  const hasStorefront = existsSync(join(dist, "index.html"));
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // @fastify/static writes its own Cache-Control after setHeaders unless told not to.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader("cache-control", path.startsWith(join(dist, "assets")) ? FINGERPRINTED : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (hasStorefront && isPageRequest(request.method, path)) {
      if (/\.[a-z0-9]+$/i.test(path) && existsSync(join(dist, path))) return reply.sendFile(path.slice(1));
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.send(routeNotFound(request.method, path));
  });
}

/** A browser (GET) or a link checker (HEAD) asking for a page of the shop, not for the API. */
function isPageRequest(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && path !== "/api" && !path.startsWith("/api/");
}

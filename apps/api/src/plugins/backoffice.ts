import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { routeNotFound } from "../errors";

/** The back office's own path on every host (apps/backoffice/vite.config.ts `base`). */
export const BACKOFFICE_PATH = "/admin";
/** Vite fingerprints everything under assets/: a file there never changes under the same name. */
const FINGERPRINTED = "public, max-age=31536000, immutable";
const PRECOMPRESSED = new Set([".js", ".css", ".json", ".html"]);

/**
 * Serves the built back office (apps/backoffice/dist) at /admin/ on any host: its files as they are, and
 * index.html for every other /admin/* path, so its router decides. Its own routes, so the storefront's not-found
 * handler (its shop page for any unknown path) never answers under /admin. The answers get the storefront's
 * security headers by path (security-headers.ts: everything outside /api is a page of ours).
 */
export async function registerBackoffice(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, "index.html"))) return;
  const indexHtml = readWhenChanged(join(dist, "index.html"));
  await app.register(
    async (scope) => {
      // A missing file of the build is a 404, not a page: a browser would run HTML as a script.
      scope.setNotFoundHandler((request, reply) =>
        reply.send(routeNotFound(request.method, request.url.split("?", 1)[0] ?? "")),
      );
      // Looked up per request (wildcard): a new build under a running server is served at once.
      await scope.register(fastifyStatic, {
        root: join(dist, "assets"),
        prefix: "/assets/",
        wildcard: true,
        index: false,
        // The storefront's registration has decorated the reply already (reply.sendFile is its root's).
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader("cache-control", FINGERPRINTED);
          if (PRECOMPRESSED.has(extname(path.replace(/\.(br|gz)$/, "")))) res.setHeader("vary", "Accept-Encoding");
        },
      });
      const sendPage = async (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .header("cache-control", "no-cache")
          .header("x-robots-tag", "noindex")
          .type("text/html; charset=utf-8")
          .send(indexHtml());
      scope.get("/", { schema: { hide: true } }, sendPage);
      scope.get("/*", { schema: { hide: true } }, sendPage);
    },
    { prefix: BACKOFFICE_PATH },
  );
}

/** A file's text, read again when it changes (a new build under a running server names its new files). */
function readWhenChanged(file: string): () => string {
  let readAt = -1;
  let text = "";
  return () => {
    try {
      const changed = statSync(file).mtimeMs;
      if (changed !== readAt) {
        text = readFileSync(file, "utf8");
        readAt = changed;
      }
    } catch (error) {
      if (!text) throw error;
    }
    return text;
  };
}

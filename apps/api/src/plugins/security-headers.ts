/**
 * Security headers on every answer, set by @fastify/helmet (docs/decisions/008-security-headers.md).
 *
 * Helmet's hook is registered on the root instance (the plugin is wrapped in fastify-plugin, and
 * `global: true`), before any other plugin, route or hook, so it runs first on every request in
 * every encapsulation context, including the not-found handler's answers and errors thrown by
 * later hooks or handlers. It writes the headers onto the raw response, where the error handler
 * and the not-found handler leave them.
 *
 * The defaults are the strict policy of a JSON answer; answers of another kind (the storefront's
 * pages and files, the API docs) get their policy by path, one place deciding for routes and the
 * not-found handler alike. A route that renders its own page may narrow it further with
 * `reply.helmet(...)` (the test provider's hosted page does).
 *
 * Fastify answers a URL its router refuses (bad percent-encoding, an over-long parameter) through
 * `frameworkErrors` without running any hook: that handler calls `applyDefaultSecurityHeaders`.
 * Requests Node's HTTP parser refuses never become requests at all (clientErrorHandler).
 */
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";

type Directives = Record<string, string[]>;

/** The kinds of answer, each with its Content-Security-Policy. */
export type AnswerKind = "api" | "docs" | "storefront";

export const CONTENT_SECURITY_POLICIES: Record<AnswerKind, Directives> = {
  // JSON is never rendered as a document, so it may load and run nothing, and never be framed.
  api: {
    "default-src": ["'none'"],
    "frame-ancestors": ["'none'"],
  },
  // The Vite build: one module script and one style sheet from /assets, images from /images, fetch to /api.
  // React sets `style` props through the CSSOM, which CSP does not restrict, so no 'unsafe-inline' is needed.
  storefront: {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  },
  // Swagger UI (@fastify/swagger-ui) loads its bundle, its initializer and its CSS as files (no inline
  // script or style element), draws icons and its logo as data: images and fetches the document.
  docs: {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
  },
};

/** Sent only on answers to TLS requests: a browser ignores it over http, and a proxy's word counts only with TRUST_PROXY. */
const HSTS = {
  maxAge: 31_536_000,
  // Restaurants bring their own host names: their other subdomains are not ours to force onto https.
  includeSubDomains: false,
};

export const BASE_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICIES.api },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  xFrameOptions: { action: "deny" },
  strictTransportSecurity: false,
} satisfies FastifyHelmetOptions;

/** Which policy an answer gets, by its path: the same decision for routes, static files and the not-found handler. */
export function answerKind(url: string): AnswerKind {
  const path = url.split("?", 1)[0] ?? "/";
  if (path === "/api/docs" || path.startsWith("/api/docs/")) return "docs";
  // /static/ holds the maintenance flag (JSON), not storefront files.
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/static/")) return "api";
  return "storefront";
}

const defaultHeaders = helmet(BASE_OPTIONS);

/** The API's headers for an answer that no hook ran for (Fastify's `frameworkErrors`). */
export function applyDefaultSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  defaultHeaders(request.raw, reply.raw, () => {});
}

/**
 * The API's headers as helmet writes them for a JSON answer over http, collected once: routes whose answers are
 * kept in memory (plugins/answer-cache.ts) send these instead of running helmet per request, which builds its
 * middleware anew on every request. Over TLS the hook below still adds HSTS to them.
 */
export function precomputedSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  defaultHeaders({} as never, collect as never, () => {});
  return headers;
}

/** Register on the root instance before anything else, so every hook, route and handler comes after it. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...BASE_OPTIONS });
  app.addHook("onRequest", (request, reply, done) => {
    const kind = answerKind(request.url);
    // request.protocol is "https" on a TLS connection, or by X-Forwarded-Proto from a trusted proxy only.
    const overTls = request.protocol === "https";
    if (kind === "api" && !overTls) return done(); // the defaults above are this answer's headers
    reply.helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICIES[kind] },
      strictTransportSecurity: overTls ? HSTS : false,
    });
    done();
  });
}

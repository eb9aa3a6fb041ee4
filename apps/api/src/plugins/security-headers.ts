/**
 * Security headers on every answer (docs/decisions/008-security-headers.md), as the `helmet` library writes
 * them for our options.
 *
 * Each kind of answer has one set of headers over http and one over TLS: helmet computes each set once, at
 * start, and one synchronous onRequest hook, registered on the root instance before any other plugin, route or
 * hook, puts the request's set on the reply. So it runs first on every request in every encapsulation
 * context, including the not-found handler's answers and errors thrown by later hooks or handlers (Fastify's
 * error handler keeps the reply's headers). Before, @fastify/helmet rebuilt helmet's middleware on every
 * request, in an async hook (docs/decisions/021: a cached read's cost).
 *
 * The defaults are the strict policy of a JSON answer; answers of another kind (the storefront's pages and
 * files, the API docs) get their policy by path, one place deciding for routes and the not-found handler
 * alike. A route that renders its own page may narrow it further with `reply.helmet(...)` (the test
 * provider's hosted page does).
 *
 * Fastify answers a URL its router refuses (bad percent-encoding, an over-long parameter) through
 * `frameworkErrors` without running any hook: that handler calls `applyDefaultSecurityHeaders`.
 * Requests Node's HTTP parser refuses never become requests at all (clientErrorHandler).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyReply {
    /** This answer's security headers, narrowed by `options` over its kind's (a route rendering its own page). */
    helmet(options: HelmetOptions): void;
  }
}

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
} satisfies HelmetOptions;

/** Which policy an answer gets, by its path: the same decision for routes, static files and the not-found handler. */
export function answerKind(url: string): AnswerKind {
  if (pathIsOrUnder(url, "/api/docs")) return "docs";
  // /static/ holds the maintenance flag (JSON), not storefront files.
  if (pathIsOrUnder(url, "/api") || url.startsWith("/static/")) return "api";
  return "storefront";
}

/** Whether the URL's path is `path` or below it, read off the URL as it is (every request asks). */
function pathIsOrUnder(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url[path.length];
  return next === undefined || next === "/" || next === "?";
}

const defaultHeaders = helmet(BASE_OPTIONS);

/** The API's headers for an answer that no hook ran for (Fastify's `frameworkErrors`). */
export function applyDefaultSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  defaultHeaders(request.raw, reply.raw, () => {});
}

/** Helmet's options for an answer of `kind`, over TLS or not, narrowed by a route's own. */
function optionsFor(kind: AnswerKind, overTls: boolean, narrowed: HelmetOptions = {}): HelmetOptions {
  const ours: HelmetOptions = {
    ...BASE_OPTIONS,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICIES[kind] },
    strictTransportSecurity: overTls ? HSTS : false,
  };
  // HelmetOptions is a union (each header by its new or its legacy name): a spread of one over the other is not.
  return Object.assign(ours, narrowed);
}

/** The headers helmet writes for `options`, collected once (it only sets and removes headers). */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, collect as never, () => {});
  return headers;
}

/** Each kind's headers over http and over TLS. */
const HEADER_SETS = Object.fromEntries(
  (Object.keys(CONTENT_SECURITY_POLICIES) as AnswerKind[]).map((kind) => [
    kind,
    { http: headersOf(optionsFor(kind, false)), tls: headersOf(optionsFor(kind, true)) },
  ]),
) as Record<AnswerKind, { http: Record<string, string>; tls: Record<string, string> }>;

/** The headers of a request's kind of answer; request.protocol is "https" over TLS, or by a trusted proxy's word. */
function headersFor(request: FastifyRequest): Record<string, string> {
  const sets = HEADER_SETS[answerKind(request.url)];
  return request.protocol === "https" ? sets.tls : sets.http;
}

/** Register on the root instance before anything else, so every hook, route and handler comes after it. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateReply("helmet", function narrow(this: FastifyReply, options: HelmetOptions) {
    const { request } = this;
    for (const name of Object.keys(headersFor(request))) this.removeHeader(name);
    this.headers(headersOf(optionsFor(answerKind(request.url), request.protocol === "https", options)));
  });
  // Callback style, nothing computed: a cached read's hooks stay synchronous and cheap.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headersFor(request));
    done();
  });
}

/**
 * CORS (docs/decisions/008-security-headers.md): none unless CORS_ORIGINS lists origins.
 *
 * Without the setting nothing is registered: no answer carries Access-Control-Allow-Origin, and a
 * preflight (OPTIONS) is a 404 like any unknown route, so a browser refuses every cross-origin call.
 * With it, @fastify/cors allows exactly the listed origins, for the methods and request headers the
 * API uses. No credentials: the API authenticates with a bearer token, never a cookie.
 */
import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

export const CORS_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];
export const CORS_REQUEST_HEADERS = ["Authorization", "Content-Type"];

/** Register on the root instance before the routes: its hook then runs for every route. */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    origin: origins,
    methods: CORS_METHODS,
    allowedHeaders: CORS_REQUEST_HEADERS,
    // A client reads the trace id of a failure (README: errors) and the ETag of a menu.
    exposedHeaders: ["x-trace-id", "etag"],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  });
}

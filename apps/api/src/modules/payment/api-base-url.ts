import type { FastifyRequest } from "fastify";
import type { Config } from "../../config";

/**
 * The public base URL of the API ("https://shop.example.dk/api") for links handed to guests and
 * providers: PUBLIC_URL when configured (behind a proxy), else the scheme and host of the request.
 */
export function apiBaseUrl(config: Pick<Config, "publicUrl">, request: FastifyRequest): string {
  const origin = config.publicUrl ? config.publicUrl.replace(/\/+$/, "") : `${request.protocol}://${request.host}`;
  return `${origin}/api`;
}

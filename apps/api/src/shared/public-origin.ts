import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/** PUBLIC_URL without its trailing slashes, when set: the address the server is reached at behind its proxy. */
export function configuredOrigin(config: Pick<Config, "publicUrl">): string | undefined {
  return config.publicUrl?.replace(/\/+$/, "");
}

/**
 * PUBLIC_URL when set; else the origin a signed-in member's own request came to (scheme as TRUST_PROXY lets the API
 * see it). Only for what that member's own request sends or shows: a forged Host header misleads only its sender.
 */
export function publicOrigin(config: Pick<Config, "publicUrl">, request: Pick<FastifyRequest, "protocol" | "host">) {
  return configuredOrigin(config) ?? `${request.protocol}://${request.host}`;
}

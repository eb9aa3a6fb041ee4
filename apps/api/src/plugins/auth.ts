import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The production unit the bearer token is scoped to; set on every non-public route. */
    productionUnitId: number;
    /**
     * The verified token's own id (its `jti`): what limits per guest count by (a guest's token, not the
     * header's spelling, so `bearer`, `BEARER` or extra spaces are the same guest); "" on public routes.
     */
    tokenId: string;
  }
  interface FastifyContextConfig {
    /** Public routes need no bearer token (SPEC §6: authenticate and get-module-by-domain). */
    public?: boolean;
  }
}

const ISSUER = "storefront-api";

export type TokenService = {
  issue: (productionUnitId: number) => Promise<{ token: string; expiresAt: string }>;
  verify: (token: string) => Promise<VerifiedToken>;
  /** A token verified before and not expired: its production unit and expiry; undefined for any other (no work done). */
  peek: (token: string) => VerifiedToken | undefined;
};

export type VerifiedToken = { productionUnitId: number; tokenId: string; expiresAtMs: number };

/**
 * Verified tokens are kept (token → production unit and expiry), so a guest's next call costs a map lookup,
 * not an HMAC: bounded, oldest first out, and a kept token still expires at its `exp`. A token this process
 * issues is kept as it is signed: its first call needs no HMAC either (every guest flow starts with one).
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: Uint8Array, ttlMinutes: number, now: () => Date): TokenService {
  const verified = new Map<string, VerifiedToken>();
  const keep = (token: string, kept: VerifiedToken): VerifiedToken => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, kept);
    return kept;
  };
  return {
    peek(token) {
      const kept = verified.get(token);
      return kept && now().getTime() < kept.expiresAtMs ? kept : undefined;
    },
    async issue(productionUnitId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ttlMinutes * 60;
      const tokenId = randomUUID();
      const token = await new SignJWT({ pu: productionUnitId })
        .setProtectedHeader({ alg: "HS256" })
        // Every token its own, also two issued in the same second: limits counted per token (plugins/guess-limit)
        // must never lump two guests together.
        .setJti(tokenId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(secret);
      keep(token, { productionUnitId, tokenId, expiresAtMs: expiresAt * 1000 });
      return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
    async verify(token) {
      const kept = verified.get(token);
      if (kept && now().getTime() < kept.expiresAtMs) return kept;
      if (kept) {
        verified.delete(token);
        throw unauthorized("The token has expired");
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          // jose checks exp only when a token has one: a signed token without it would never expire.
          requiredClaims: ["exp"],
          currentDate: now(),
        });
        if (typeof payload.pu !== "number" || !Number.isInteger(payload.pu)) throw unauthorized();
        if (typeof payload.jti !== "string" || payload.jti === "") throw unauthorized();
        return keep(token, {
          productionUnitId: payload.pu,
          tokenId: payload.jti,
          expiresAtMs: (payload.exp as number) * 1000,
        });
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized("The token has expired");
        throw unauthorized("The bearer token is not valid");
      }
    },
  };
}

/** Every route under /api needs `Authorization: Bearer …` unless its config says public. */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest("productionUnitId", 0);
  app.decorateRequest("tokenId", "");
  // Callback style: a token verified before (most requests) is answered without a promise.
  app.addHook("onRequest", (request: FastifyRequest, _reply, done) => {
    // routeOptions is built anew on each read: read once.
    const { config, url } = request.routeOptions;
    if (config?.public || !url) return done();
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return done(unauthorized());
    const kept = tokens.peek(match[1]);
    if (kept) {
      request.productionUnitId = kept.productionUnitId;
      request.tokenId = kept.tokenId;
      return done();
    }
    tokens.verify(match[1]).then((verified) => {
      request.productionUnitId = verified.productionUnitId;
      request.tokenId = verified.tokenId;
      done();
    }, done);
  });
}

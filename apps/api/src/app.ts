import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@app/db";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, LogController } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Deps, RouteModule } from "./deps";
import { invalid, routeNotFound } from "./errors";
import { routeModules } from "./modules";
import { finalizeCheckout } from "./modules/order/finalize-checkout";
import { createPaymentProviders, type PaymentProvider } from "./modules/payment/providers/provider";
import { testPaymentProvider } from "./modules/payment/providers/test-provider";
import { createRefundService } from "./modules/payment/refunds";
import { startSettleLoop } from "./modules/payment/settle-payments";
import { createReceiptService, receiptDeps, startReceiptRetryLoop } from "./modules/receipt/send-receipts";
import { registerMaintenanceFlag } from "./modules/settings/maintenance-flag";
import { createTokenService, registerAuth } from "./plugins/auth";
import { registerCors } from "./plugins/cors";
import { answerError, clientErrorHandler, registerErrorHandler, routerError } from "./plugins/error-handler";
import { registerJsonBodiesOnly } from "./plugins/json-bodies";
import { applyDefaultSecurityHeaders, registerSecurityHeaders } from "./plugins/security-headers";

export type BuildOptions = {
  db: Db;
  config: Config;
  /** The clock; tests move it. */
  now?: () => Date;
  /** false in tests that want silence. */
  logger?: boolean;
  /** The payment providers the server knows (default: the built-in TEST MODE provider only). */
  paymentProviders?: PaymentProvider[];
};

const API_BODY_LIMIT = 64 * 1024;
const NUL = String.fromCharCode(0);
/** A raw NUL or its JSON escape. */
const hasNul = (text: string) => text.includes(NUL) || text.includes("\\u0000");

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Fastify's own two lines per request are off: registerRequestLog writes one line instead.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "traceId" }),
    genReqId: () => randomUUID(),
    bodyLimit: API_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Bad URLs and over-long path parameters are answered by the router itself: same shape as every error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applyDefaultSecurityHeaders(request, reply); // no hook runs for these
      void answerError(routerError(error), request, reply);
    },
    // Requests Node's HTTP parser refuses (a raw ø in the URL, …) never reach the router: same shape there too.
    clientErrorHandler,
    // X-Forwarded-Proto (https → HSTS) and X-Forwarded-For count only from proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that every later hook, scope and route inherits them (docs/decisions/008-security-headers.md).
  await registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins);
  registerJsonBodiesOnly(app);

  // An empty body sent with `content-type: application/json` (common on DELETE) means "no body".
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    if (hasNul(text)) return done(invalid("Input.Invalid", "Text may not contain NUL characters"), undefined);
    return parseJson(request, text, done);
  });
  // PostgreSQL cannot store NUL in text: refuse it at the edge instead of failing deep inside.
  app.addHook("onRequest", async (request) => {
    if (request.url.includes("%00") || request.url.includes(NUL))
      throw invalid("Input.Invalid", "The URL may not contain NUL characters");
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestLog(app);

  const deps = createDeps({
    db: options.db,
    config,
    now,
    log: app.log,
    paymentProviders: options.paymentProviders ?? [testPaymentProvider({ formKey: config.tokenSecret })],
  });
  // The background loops run while the server listens (tests use inject and drive them themselves):
  // the payment sweeper, and receipt retries (failed sends, and any a crash left behind).
  const stopLoops: (() => Promise<void>)[] = [];
  app.addHook("onListen", async () => {
    stopLoops.push(startSettleLoop(deps, config.paymentSettleIntervalSeconds * 1000));
    stopLoops.push(startReceiptRetryLoop(deps.receipts));
  });
  // A sweep, refund or receipt under way when the app closes finishes first (the database closes after the app).
  app.addHook("onClose", async () => {
    await Promise.all(stopLoops.map((stop) => stop()));
    await deps.refunds.drain();
    await deps.receipts.drain();
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Storefront API",
        version: "1.0.0",
        description:
          "The API of the restaurant storefront (SPEC §7). Prices are DKK numbers; errors are `{ errors: [{ code, message }] }`.",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    // Without the top bar: its Swagger logo is an inline SVG with a <style> element, which the docs' CSP
    // (style-src 'self', plugins/security-headers.ts) refuses. The operations are all there.
    uiConfig: { layout: "BaseLayout" },
  });

  await app.register(
    async (api) => {
      registerAuth(api, deps.tokens);
      api.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, () => app.swagger());
      for (const register of routeModules as RouteModule[]) register(api.withTypeProvider<ZodTypeProvider>(), deps);
    },
    { prefix: "/api" },
  );

  registerMaintenanceFlag(app, config.dataDir);
  await registerStorefront(app, config);
  return app;
}

/** The services every route module receives. Tests that drive a service directly build theirs here too. */
export function createDeps(options: {
  db: Db;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
  paymentProviders: PaymentProvider[];
}): Deps {
  const { db, config, now, log } = options;
  const payments = createPaymentProviders(options.paymentProviders);
  const deps: Deps = {
    db,
    config,
    now,
    log,
    tokens: createTokenService(config.tokenSecret, config.tokenTtlMinutes, now),
    payments,
    receipts: createReceiptService(receiptDeps(db, config, now, log)),
    refunds: createRefundService({ db, now, payments, log }),
    orders: { finalize: (input) => finalizeCheckout(deps, input) },
  };
  return deps;
}

/** One structured line per request, carrying the trace id (also sent back as x-trace-id). */
function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-trace-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });
}

/** Serves the built storefront; unknown non-API paths get index.html so the client router decides. */
async function registerStorefront(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.storefrontDist ?? join(import.meta.dirname, "../../storefront/dist");
  const hasStorefront = existsSync(join(dist, "index.html"));
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it never changes under the same name.
        if (path.includes(`${join(dist, "assets")}`))
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (isPage && hasStorefront) {
      const file = request.url.split("?")[0] ?? "/";
      if (/\.[a-z0-9]+$/i.test(file) && existsSync(join(dist, file))) return reply.sendFile(file.slice(1));
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.send(routeNotFound(request.method, request.url.split("?")[0] ?? "/"));
  });
}

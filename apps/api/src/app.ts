import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { type ChangeFeed, type Db, readThroughFeed } from "@app/db";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Config, fastifyTrustProxy } from "./config";
import type { Deps, RouteModule } from "./deps";
import { adminRouteModules, routeModules } from "./modules";
import { createEscalationService, startEscalationLoop } from "./modules/escalation";
import { readOrderProgress, startAutoRejectLoop } from "./modules/kitchen";
import { finalizeCheckout } from "./modules/order/finalize-checkout";
import { createPaymentProviders, type PaymentProvider } from "./modules/payment/providers/provider";
import { stripePaymentProvider } from "./modules/payment/providers/stripe-provider";
import { testPaymentProvider } from "./modules/payment/providers/test-provider";
import { createRefundService } from "./modules/payment/refunds";
import { startSettleLoop } from "./modules/payment/settle-payments";
import { createPaymentAccountCredentials } from "./modules/payment-accounts";
import { createReceiptService, receiptDeps, startReceiptRetryLoop } from "./modules/receipt/send-receipts";
import { recordProviderRefund } from "./modules/refund";
import { startRetentionLoop } from "./modules/retention";
import { registerMaintenanceFlag } from "./modules/settings/maintenance-flag";
import { registerAdminScope } from "./modules/staff";
import { AnswerCache } from "./plugins/answer-cache";
import { registerApiDocs } from "./plugins/api-docs";
import { createTokenService, registerAuth } from "./plugins/auth";
import { registerBackoffice } from "./plugins/backoffice";
import { registerClientLimit } from "./plugins/client-limit";
import { registerCors } from "./plugins/cors";
import { answerError, clientErrorHandler, registerErrorHandler, routerError } from "./plugins/error-handler";
import { registerGuessLimit } from "./plugins/guess-limit";
import { registerJsonBodiesOnly, registerJsonParser } from "./plugins/json-bodies";
import { lazyChildLogger } from "./plugins/lazy-child-logger";
import { registerRequestLog } from "./plugins/request-log";
import { applyDefaultSecurityHeaders, registerSecurityHeaders } from "./plugins/security-headers";
import { registerStorefront } from "./plugins/storefront";
import { keepRestaurantSetup } from "./shared/restaurant-setup";

export type BuildOptions = {
  db: Db;
  /** The database's change feed (openDatabase's `changes`); without it every cache reads through. */
  changes?: ChangeFeed;
  config: Config;
  /** The clock; tests move it. */
  now?: () => Date;
  /** false in tests that want silence. */
  logger?: boolean;
  /** Where log lines go (default: stdout); tests read a request's lines from here. */
  logStream?: { write: (line: string) => void };
  /** The payment providers the server knows (default: the built-in TEST MODE provider and Stripe). */
  paymentProviders?: PaymentProvider[];
};

const API_BODY_LIMIT = 64 * 1024;
/**
 * Node's HTTP timeouts (README: Operations). A request's headers and body must all arrive within 30 s, else
 * 408 REQUEST_TIMEOUT (a slow client cannot hold a connection); a socket silent for 60 s is closed; an idle
 * keep-alive connection stays 72 s (Fastify's default), longer than a proxy's usual 60 s idle timeout, so a
 * proxy never sends a request on a connection the server is just closing.
 *
 * Node does not time a request out at its deadline: it looks for overdue requests every
 * connectionsCheckingInterval (30 s by default), and headers have their own headersTimeout (60 s by
 * default), so slow headers were cut at 43 s and a slow body at 64 s (issue 41). Headers and whole request
 * get the same 29 s, looked for every second: a slow client is cut between 29 and 30 s
 * (https://nodejs.org/api/http.html#servertimeout, serverrequesttimeout, serverheaderstimeout).
 */
export const REQUEST_DEADLINE_MS = 30_000;
const OVERDUE_CHECK_INTERVAL_MS = 1_000;
export const SERVER_TIMEOUTS = {
  requestTimeout: REQUEST_DEADLINE_MS - OVERDUE_CHECK_INTERVAL_MS,
  connectionTimeout: 60_000,
  keepAliveTimeout: 72_000,
};
/** What Fastify hands to http.createServer: Node's own options for the checks above. */
const NODE_HTTP_OPTIONS = {
  headersTimeout: SERVER_TIMEOUTS.requestTimeout,
  requestTimeout: SERVER_TIMEOUTS.requestTimeout,
  connectionsCheckingInterval: OVERDUE_CHECK_INTERVAL_MS,
};
const DEFAULT_STOREFRONT_DIST = join(import.meta.dirname, "../../storefront/dist");
const DEFAULT_BACKOFFICE_DIST = join(import.meta.dirname, "../../backoffice/dist");

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const changes = options.changes ?? readThroughFeed;
  keepRestaurantSetup(options.db, changes);
  const app = createServer(config, options.logger !== false, options.logStream);

  // Before any route: it gives the routes whose config asks for caching their hooks (run after the scopes' own,
  // the auth hook among them).
  const answers = new AnswerCache({ feed: changes, now });
  answers.register(app);
  app.decorate("answerCache", answers);
  // First of the request hooks, so that every later hook, scope and route inherits them
  // (docs/decisions/008-security-headers.md).
  registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins);
  registerJsonBodiesOnly(app);
  registerJsonParser(app);
  registerErrorHandler(app);
  registerRequestLog(app);

  const deps = createDeps({
    db: options.db,
    changes,
    config,
    now,
    log: app.log,
    paymentProviders: options.paymentProviders ?? defaultPaymentProviders(options.db, config, now),
  });
  registerBackgroundLoops(app, deps);
  await registerApiDocs(app);
  await app.register(async (api) => await registerApi(api, deps, app), { prefix: "/api" });
  await app.register(async (admin) => await registerAdminApi(admin, deps), { prefix: "/api/admin" });
  registerMaintenanceFlag(app, config.dataDir, deps.db);
  await registerStorefront(app, config.storefrontDist ?? DEFAULT_STOREFRONT_DIST, changes);
  await registerBackoffice(app, DEFAULT_BACKOFFICE_DIST);
  return app;
}

/**
 * The built-in TEST MODE provider, and Stripe on each organisation's own account (issue 46): an organisation
 * whose owner stored its Stripe keys in the back office is paid through Stripe, every other through the test one.
 */
function defaultPaymentProviders(db: Db, config: Config, now: () => Date): PaymentProvider[] {
  return [
    testPaymentProvider({ formKey: config.tokenSecret }),
    stripePaymentProvider({
      credentials: createPaymentAccountCredentials(db, config.secretsKey),
      apiUrl: config.stripeApiUrl,
      expiryMinutes: config.paymentExpiryMinutes,
      now,
    }),
  ];
}

/**
 * Every route's schemas are zod's. Given at creation rather than set afterwards, Fastify never loads its own
 * JSON-schema compilers (ajv and fast-json-stringify: about a tenth of a cold start's CPU). Fastify's types
 * want its compilers' factory types, whose JSON-schema inputs zod's compilers do not take.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;

function createServer(config: Config, logs: boolean, logStream?: BuildOptions["logStream"]) {
  return Fastify({
    logger: logs ? { level: config.logLevel, ...(logStream && { stream: logStream }) } : false,
    // Fastify's own two lines per request are off: registerRequestLog writes one line instead.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "traceId" }),
    childLoggerFactory: lazyChildLogger,
    genReqId: () => randomUUID(),
    // Fastify's 10 s per plugin is too short on a loaded 2-core machine (swagger-ui's start timed out there).
    pluginTimeout: 60_000,
    bodyLimit: API_BODY_LIMIT,
    ...SERVER_TIMEOUTS,
    http: NODE_HTTP_OPTIONS,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Bad URLs and over-long path parameters are answered by the router itself: same shape as every error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      applyDefaultSecurityHeaders(request, reply); // no hook runs for these
      void answerError(routerError(error), request, reply);
    },
    // Requests Node's HTTP parser refuses (a raw ø in the URL, …) never reach the router: same shape there too.
    clientErrorHandler,
    // X-Forwarded-Proto (https → HSTS) and X-Forwarded-For count only from proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * Every feature's routes under /api, behind the bearer token (routes marked public excepted), with
 * wrong tries of codes limited on the routes marked guessing, and each client's requests limited on the
 * routes marked clientLimit.
 */
async function registerApi(api: FastifyInstance, deps: Deps, app: FastifyInstance): Promise<void> {
  registerAuth(api, deps.tokens);
  await registerGuessLimit(api, deps);
  registerClientLimit(api, deps);
  api.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, () => app.swagger());
  for (const register of routeModules as RouteModule[]) register(api.withTypeProvider<ZodTypeProvider>(), deps);
}

/**
 * The back office's routes under /api/admin: a staff session cookie instead of a bearer token, every
 * state-changing request checked for its origin and CSRF token (modules/staff/admin-scope.ts).
 */
async function registerAdminApi(admin: FastifyInstance, deps: Deps): Promise<void> {
  const api = admin.withTypeProvider<ZodTypeProvider>();
  await registerAdminScope(api, deps);
  for (const register of adminRouteModules) register(api, deps);
}

/**
 * The background loops run while the server listens (tests use inject and drive them themselves):
 * the payment sweeper, receipt retries (failed sends, and any a crash left behind) and the hourly
 * retention sweep (unordered baskets and checkouts older than RETENTION_DAYS), and the kitchen's
 * auto-reject (new orders not accepted within a restaurant's autoRejectMinutes, every 30 s). A sweep,
 * refund or receipt under way when the app closes finishes first (the database closes after the app).
 */
function registerBackgroundLoops(app: FastifyInstance, deps: Deps): void {
  const stopLoops: (() => Promise<void>)[] = [];
  app.addHook("onListen", async () => {
    stopLoops.push(startSettleLoop(deps, deps.config.paymentSettleIntervalSeconds * 1000));
    stopLoops.push(startReceiptRetryLoop(deps.receipts));
    stopLoops.push(startRetentionLoop(deps));
    const escalation = createEscalationService(deps);
    stopLoops.push(startEscalationLoop(escalation));
    stopLoops.push(startAutoRejectLoop({ ...deps, onAutoRejected: escalation.alertAutoRejected }));
  });
  app.addHook("onClose", async () => {
    await Promise.all(stopLoops.map((stop) => stop()));
    await deps.refunds.drain();
    await deps.receipts.drain();
  });
}

/** The services every route module receives. Tests that drive a service directly build theirs here too. */
export function createDeps(options: {
  db: Db;
  changes: ChangeFeed;
  config: Config;
  now: () => Date;
  log: FastifyBaseLogger;
  paymentProviders: PaymentProvider[];
}): Deps {
  const { db, config, now, log } = options;
  const payments = createPaymentProviders(options.paymentProviders);
  const deps: Deps = {
    db,
    changes: options.changes,
    config,
    now,
    log,
    tokens: createTokenService(config.tokenSecret, config.tokenTtlMinutes, now),
    payments,
    receipts: createReceiptService(receiptDeps(db, config, now, log, readOrderProgress)),
    refunds: createRefundService({ db, now, payments, log }),
    orders: { finalize: (input, log) => finalizeCheckout({ ...deps, log }, input) },
    orderRefunds: { recordProviderRefund: (refund) => recordProviderRefund(deps, refund) },
  };
  return deps;
}

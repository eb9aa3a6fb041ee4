import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { BlockList, isIP } from "node:net";
import { join, resolve } from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  CHANGE_LISTENER_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
  SMTP_URL: z.string().optional(),
  RECEIPT_FROM: z.string().default("Online ordering <no-reply@localhost>"),
  PUBLIC_URL: z.string().url().optional(),
  LOGIN_WEBHOOK_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STOREFRONT_DIST: z.string().optional(),
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  PAYMENT_SETTLE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PAYMENT_PAGE_OPEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(3),
  PAYMENTS_UNPAID_PER_TOKEN: z.coerce.number().int().min(1).max(1_000_000).default(2),
  PAYMENTS_UNPAID_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(5),
  PAYMENTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  RATE_LIMIT_TRIES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  CREATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // At least the basket's 120-minute expiry (SPEC §9): an empty basket removed is one no guest can use any more.
  EMPTY_BASKET_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(2)
    .max(24 * 3650)
    .default(3),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => parseTrustProxy(value, ctx)),
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int("must be a whole number of proxies")
    .min(1, "must be at least 1 (the proxy in front of the API)")
    .max(10)
    .optional(),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => parseOrigins(value, ctx)),
  SECRETS_KEY: z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 32)").optional(),
  STRIPE_API_URL: z.string().url().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: how long after losing its connection the cache change listener tries again (README: Operations). */
  changeListenerRetryMs: number;
  tokenSecret: Uint8Array;
  tokenTtlMinutes: number;
  smtpUrl: string | undefined;
  receiptFrom: string;
  publicUrl: string | undefined;
  /** Where storefront login attempts are forwarded (SPEC §7); unset: nowhere. */
  loginWebhookUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  storefrontDist: string | undefined;
  seedDemoData: boolean;
  /** A payment still waiting (CREATED) after this long is cancelled and its gift-card money given back. */
  paymentExpiryMinutes: number;
  /** How often the payment sweeper runs (expiry, finalize after a crash, refunds). */
  paymentSettleIntervalSeconds: number;
  /**
   * A waiting online payment whose link the guest has not followed within this long is cancelled by the
   * sweeper and its holds given back (docs/decisions/025-unpaid-holds-are-limited.md).
   */
  paymentPageOpenMinutes: number;
  /** Unpaid (waiting) online payments at once per guest token and per client address, and new ones per address an hour: then 429 TOO_MANY_PAYMENTS. */
  paymentLimits: PaymentLimits;
  /** Baskets and checkouts that never became an order are deleted after this many days (the retention sweep). */
  retentionDays: number;
  /**
   * Wrong tries of a code a client address, and a token, get per minute on each guessing route
   * (discount codes, gift-card codes) before 429 (plugins/guess-limit).
   */
  rateLimitTriesPerMinute: number;
  /**
   * Baskets, and checkouts, a client address and a token may each create a minute before 429
   * TOO_MANY_REQUESTS (plugins/client-limit): each is a row kept until the retention sweep.
   */
  creationsPerMinute: number;
  /** Login attempts a client address may report a minute, right or wrong, before 429 (each calls the login webhook). */
  loginAttemptsPerMinute: number;
  /** Baskets that have no line and no checkout are deleted after this many hours (the retention sweep). */
  emptyBasketRetentionHours: number;
  /**
   * Fastify's `trustProxy`: which proxies may tell the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto). false (default): none, so HSTS is sent only on a direct TLS connection.
   * The client's address (`request.ip`) is then the right-most X-Forwarded-For entry no trusted proxy wrote:
   * the address the trusted proxies saw, never what the client wrote itself.
   */
  trustProxy: TrustProxy;
  /** Origins allowed to call the API from a browser (CORS); empty: none. */
  corsOrigins: string[];
  /**
   * Seals the secrets restaurants store (a payment provider's API key and webhook secret: shared/secret-box.ts).
   * Unset: the server refuses to store a secret and says why. Every API process of one database needs the same.
   */
  secretsKey: Uint8Array | undefined;
  /**
   * Where the Stripe SDK sends its calls instead of https://api.stripe.com (the local fake of
   * apps/api/src/testing/fake-stripe.ts in tests); unset in production.
   */
  stripeApiUrl: string | undefined;
};

export type PaymentLimits = { unpaidPerToken: number; unpaidPerAddress: number; perAddressPerHour: number };

/**
 * false; the number of proxies in front of the API (TRUST_PROXY=true with TRUST_PROXY_HOPS); or the proxies'
 * addresses and CIDR ranges. Never plain `true`: Fastify would then take the left-most X-Forwarded-For entry,
 * which the client writes itself, and every client could choose its own address (issue 41).
 */
export type TrustProxy = false | { hops: number } | string[];

/** Reads the environment once at start-up; fails with the list of everything that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.superRefine(requireTrustedHops).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    changeListenerRetryMs: e.CHANGE_LISTENER_RETRY_MS,
    tokenSecret: new TextEncoder().encode(e.TOKEN_SECRET ?? persistedSecret(dataDir)),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    receiptFrom: e.RECEIPT_FROM,
    publicUrl: e.PUBLIC_URL,
    loginWebhookUrl: e.LOGIN_WEBHOOK_URL,
    logLevel: e.LOG_LEVEL,
    storefrontDist: e.STOREFRONT_DIST,
    seedDemoData: e.SEED_DEMO_DATA === "true",
    paymentExpiryMinutes: e.PAYMENT_EXPIRY_MINUTES,
    paymentSettleIntervalSeconds: e.PAYMENT_SETTLE_INTERVAL_SECONDS,
    paymentPageOpenMinutes: e.PAYMENT_PAGE_OPEN_MINUTES,
    paymentLimits: {
      unpaidPerToken: e.PAYMENTS_UNPAID_PER_TOKEN,
      unpaidPerAddress: e.PAYMENTS_UNPAID_PER_ADDRESS,
      perAddressPerHour: e.PAYMENTS_PER_ADDRESS_PER_HOUR,
    },
    retentionDays: e.RETENTION_DAYS,
    rateLimitTriesPerMinute: e.RATE_LIMIT_TRIES_PER_MINUTE,
    creationsPerMinute: e.CREATIONS_PER_MINUTE,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    emptyBasketRetentionHours: e.EMPTY_BASKET_RETENTION_HOURS,
    trustProxy: e.TRUST_PROXY === true ? { hops: e.TRUST_PROXY_HOPS as number } : e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    secretsKey: e.SECRETS_KEY === undefined ? undefined : new TextEncoder().encode(e.SECRETS_KEY),
    stripeApiUrl: e.STRIPE_API_URL,
  };
}

/** TRUST_PROXY: `true`/`false`, or a comma-separated list of IP addresses and CIDR ranges. */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): boolean | string[] {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0)
    ctx.addIssue({
      code: "custom",
      message: `must be true, false or IP addresses/CIDR ranges; not: ${bad.join(", ")}`,
    });
  return entries;
}

/**
 * TRUST_PROXY=true says only "there is a proxy", not how many: which X-Forwarded-For entry the proxies wrote
 * depends on that, so it is refused unless TRUST_PROXY_HOPS says. Hops without TRUST_PROXY=true would be ignored
 * silently, so they are refused too.
 */
function requireTrustedHops(
  env: { TRUST_PROXY: boolean | string[]; TRUST_PROXY_HOPS?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.TRUST_PROXY === true && env.TRUST_PROXY_HOPS === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["TRUST_PROXY"],
      message:
        "true needs TRUST_PROXY_HOPS, the number of proxies in front of the API (1 for one nginx), or list the " +
        "proxies' addresses in TRUST_PROXY instead; otherwise every client could choose its own address with X-Forwarded-For",
    });
  if (env.TRUST_PROXY !== true && env.TRUST_PROXY_HOPS !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["TRUST_PROXY_HOPS"],
      message:
        "counts only with TRUST_PROXY=true (a list of proxy addresses in TRUST_PROXY already says which to trust)",
    });
}

function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for the config's. Fastify (5.12.8 on) no longer takes a number of hops: hop counting
 * alone believes a client that reaches the API directly and writes X-Forwarded-For itself
 * (https://fastify.dev/docs/latest/Reference/Server/#trustproxy). So a hop is trusted only when the address it
 * came from is a loopback, link-local or private one, where a proxy in front of the API sits; proxies on public
 * addresses are listed in TRUST_PROXY instead.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false || Array.isArray(trust)) return trust;
  const { hops } = trust;
  return (address, hop) => hop < hops && PROXY_NETWORKS.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Loopback, link-local and private (unique local) ranges, as @fastify/proxy-addr's presets name them. */
const PROXY_NETWORKS = (() => {
  const networks = new BlockList();
  for (const [network, bits] of [
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
  ] as const)
    networks.addSubnet(network, bits, "ipv4");
  for (const [network, bits] of [
    ["::1", 128],
    ["fe80::", 10],
    ["fc00::", 7],
  ] as const)
    networks.addSubnet(network, bits, "ipv6");
  return networks;
})();

/** CORS_ORIGINS: comma-separated origins exactly as a browser sends them (`https://shop.example.dk`, no path). */
function parseOrigins(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => originOf(entry) !== entry);
  if (bad.length > 0)
    ctx.addIssue({
      code: "custom",
      message: `must be origins like https://shop.example.dk (scheme, host, optional port; no path); not: ${bad.join(", ")}`,
    });
  return entries;
}

function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Without TOKEN_SECRET a secret is generated once and kept in DATA_DIR, so tokens survive restarts.
 * Several processes sharing one PostgreSQL must share TOKEN_SECRET (or DATA_DIR).
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, "token-secret");
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return readFileSync(file, "utf8").trim();
}

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
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
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => parseTrustProxy(value, ctx)),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => parseOrigins(value, ctx)),
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
   * (discount codes, gift-card codes, login attempts) before 429 (plugins/guess-limit).
   */
  rateLimitTriesPerMinute: number;
  /**
   * Fastify's `trustProxy`: which proxies may tell the client's address and protocol
   * (X-Forwarded-For, X-Forwarded-Proto). false (default): none, so HSTS is sent only on a direct TLS connection.
   */
  trustProxy: TrustProxy;
  /** Origins allowed to call the API from a browser (CORS); empty: none. */
  corsOrigins: string[];
};

export type PaymentLimits = { unpaidPerToken: number; unpaidPerAddress: number; perAddressPerHour: number };

/** false, true (whoever connects is the proxy), or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | string[];

/** Reads the environment once at start-up; fails with the list of everything that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
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
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
  };
}

/** TRUST_PROXY: `true`/`false`, or a comma-separated list of IP addresses and CIDR ranges. */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
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

function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

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

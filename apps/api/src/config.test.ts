import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { fastifyTrustProxy, loadConfig } from "./config";

const freshDataDir = () => mkdtempSync(join(tmpdir(), "config-"));

describe("loadConfig", () => {
  test("uses the defaults of the README", () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      tokenTtlMinutes: 720,
      seedDemoData: true,
      paymentExpiryMinutes: 30,
      paymentSettleIntervalSeconds: 30,
    });
  });

  test("reads the payment expiry and the sweeper's interval, and refuses nonsense", () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      PAYMENT_EXPIRY_MINUTES: "45",
      PAYMENT_SETTLE_INTERVAL_SECONDS: "5",
    });
    expect(config).toMatchObject({ paymentExpiryMinutes: 45, paymentSettleIntervalSeconds: 5 });
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), PAYMENT_EXPIRY_MINUTES: "0" })).toThrow(
      /PAYMENT_EXPIRY_MINUTES/,
    );
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), PAYMENT_SETTLE_INTERVAL_SECONDS: "soon" })).toThrow(
      /PAYMENT_SETTLE_INTERVAL_SECONDS/,
    );
  });

  test("limits unpaid payments (2 per token, 5 and 30 an hour per address, page opened within 3 min) by default; refuses nonsense", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() })).toMatchObject({
      paymentPageOpenMinutes: 3,
      paymentLimits: { unpaidPerToken: 2, unpaidPerAddress: 5, perAddressPerHour: 30 },
    });
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      PAYMENT_PAGE_OPEN_MINUTES: "5",
      PAYMENTS_UNPAID_PER_TOKEN: "3",
      PAYMENTS_UNPAID_PER_ADDRESS: "8",
      PAYMENTS_PER_ADDRESS_PER_HOUR: "60",
    });
    expect(config).toMatchObject({
      paymentPageOpenMinutes: 5,
      paymentLimits: { unpaidPerToken: 3, unpaidPerAddress: 8, perAddressPerHour: 60 },
    });
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), PAYMENTS_UNPAID_PER_TOKEN: "0" })).toThrow(
      /PAYMENTS_UNPAID_PER_TOKEN/,
    );
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), PAYMENT_PAGE_OPEN_MINUTES: "0.5" })).toThrow(
      /PAYMENT_PAGE_OPEN_MINUTES/,
    );
  });

  test("keeps unordered baskets and checkouts 7 days by default, RETENTION_DAYS days when set, and refuses nonsense", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).retentionDays).toBe(7);
    expect(loadConfig({ DATA_DIR: freshDataDir(), RETENTION_DAYS: "30" }).retentionDays).toBe(30);
    for (const bad of ["0", "1.5", "a week"]) {
      expect(() => loadConfig({ DATA_DIR: freshDataDir(), RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
    }
  });

  test("generates the token secret once and keeps it in DATA_DIR across restarts", () => {
    const dataDir = freshDataDir();
    const first = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(readFileSync(join(dataDir, "token-secret"), "utf8").length).toBeGreaterThanOrEqual(32);
  });

  test("prefers TOKEN_SECRET from the environment", () => {
    const config = loadConfig({ DATA_DIR: freshDataDir(), TOKEN_SECRET: "s".repeat(40) });
    expect(new TextDecoder().decode(config.tokenSecret)).toBe("s".repeat(40));
  });

  test("trusts no proxy and allows no other origin by default", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() })).toMatchObject({ trustProxy: false, corsOrigins: [] });
  });

  test("reads TRUST_PROXY as false, true with TRUST_PROXY_HOPS, or proxy addresses, and CORS_ORIGINS as a list of origins", () => {
    const config = loadConfig({
      DATA_DIR: freshDataDir(),
      TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, ::1",
      CORS_ORIGINS: "https://shop.example.dk, http://localhost:5173",
    });
    expect(config).toMatchObject({
      trustProxy: ["10.0.0.0/8", "127.0.0.1", "::1"],
      corsOrigins: ["https://shop.example.dk", "http://localhost:5173"],
    });
    expect(loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" }).trustProxy).toEqual({
      hops: 2,
    });
    expect(loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "false" }).trustProxy).toBe(false);
  });

  test("refuses TRUST_PROXY=true without TRUST_PROXY_HOPS, saying what to set", () => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: true needs TRUST_PROXY_HOPS, the number of proxies in front of the API \(1 for one nginx\)/,
    );
  });

  test("refuses TRUST_PROXY_HOPS that is not a number of proxies, or that comes without TRUST_PROXY=true", () => {
    for (const hops of ["0", "1.5", "one", "-1"]) {
      expect(() => loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "true", TRUST_PROXY_HOPS: hops }), hops).toThrow(
        /TRUST_PROXY_HOPS/,
      );
    }
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY_HOPS: "1" })).toThrow(
      /TRUST_PROXY_HOPS: counts only with TRUST_PROXY=true/,
    );
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "10.0.0.1", TRUST_PROXY_HOPS: "1" })).toThrow(
      /TRUST_PROXY_HOPS/,
    );
  });

  // The config goes to Fastify's trustProxy as it is (app.ts): these pin what Fastify makes of it.
  describe("the client's address (request.ip) behind proxies", () => {
    const ipWith = async (env: Record<string, string>, remoteAddress: string, forwardedFor?: string) => {
      const app = Fastify({
        trustProxy: fastifyTrustProxy(loadConfig({ DATA_DIR: freshDataDir(), ...env }).trustProxy),
      });
      app.get("/ip", (request) => ({ ip: request.ip }));
      const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
      const res = await app.inject({ method: "GET", url: "/ip", remoteAddress, headers });
      await app.close();
      return res.json<{ ip: string }>().ip;
    };
    // nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` appends the address it saw to
    // whatever the client sent: "what the client wrote, …, the client's real address".
    const forged = "6.6.6.6, 7.7.7.7";

    test("without TRUST_PROXY: the connecting address; X-Forwarded-For is ignored", async () => {
      expect(await ipWith({}, "10.0.0.2", `${forged}, 198.51.100.7`)).toBe("10.0.0.2");
    });

    test("one hop: the right-most entry, the address the proxy saw, whatever the client wrote before it", async () => {
      const oneHop = { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "1" };
      expect(await ipWith(oneHop, "10.0.0.2", `${forged}, 198.51.100.7`)).toBe("198.51.100.7");
      expect(await ipWith(oneHop, "10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
      expect(await ipWith(oneHop, "10.0.0.2")).toBe("10.0.0.2");
    });

    test("two hops: the entry the outer proxy wrote", async () => {
      const twoHops = { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" };
      expect(await ipWith(twoHops, "10.0.0.2", `${forged}, 198.51.100.7, 10.0.0.1`)).toBe("198.51.100.7");
      expect(await ipWith(twoHops, "::ffff:127.0.0.1", `${forged}, 198.51.100.7, 192.168.1.4`)).toBe("198.51.100.7");
    });

    test("hops: a client that reaches the API directly, from a public address, is not believed", async () => {
      const oneHop = { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "1" };
      expect(await ipWith(oneHop, "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
      // A public address is no proxy hop either: the client's address is the first one not trusted.
      const twoHops = { TRUST_PROXY: "true", TRUST_PROXY_HOPS: "2" };
      expect(await ipWith(twoHops, "10.0.0.2", `${forged}, 198.51.100.7`)).toBe("198.51.100.7");
    });

    test("listed proxies: the right-most entry that is not one of them", async () => {
      const listed = { TRUST_PROXY: "10.0.0.0/8" };
      expect(await ipWith(listed, "10.0.0.2", `${forged}, 198.51.100.7, 10.0.0.1`)).toBe("198.51.100.7");
      // A client that connects directly is not a listed proxy: what it writes is not believed.
      expect(await ipWith(listed, "203.0.113.9", `${forged}, 198.51.100.7`)).toBe("203.0.113.9");
    });
  });

  test("refuses a TRUST_PROXY or CORS_ORIGINS entry that is not an address or an origin, naming it", () => {
    expect(() =>
      loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "yes", CORS_ORIGINS: "https://shop.example.dk/, *" }),
    ).toThrow(/TRUST_PROXY: .*yes[\s\S]*CORS_ORIGINS: .*https:\/\/shop\.example\.dk\/, \*/);
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });

  test("fails at start-up with the list of everything that is wrong", () => {
    expect(() =>
      loadConfig({ DATA_DIR: freshDataDir(), PORT: "eighty", DATABASE_URL: "mysql://x", TOKEN_SECRET: "short" }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*TOKEN_SECRET/);
  });
  test("has no SECRETS_KEY unless set, and refuses one shorter than 32 characters without repeating it", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).secretsKey).toBeUndefined();
    const key = "k".repeat(44);
    const config = loadConfig({ DATA_DIR: freshDataDir(), SECRETS_KEY: key });
    expect(new TextDecoder().decode(config.secretsKey)).toBe(key);
    const short = "too-short-secret-value";
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), SECRETS_KEY: short })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), SECRETS_KEY: short })).not.toThrow(new RegExp(short));
  });

  test("sends Stripe's calls to STRIPE_API_URL when set (a local fake), and refuses one that is not a URL", () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).stripeApiUrl).toBeUndefined();
    const config = loadConfig({ DATA_DIR: freshDataDir(), STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(config.stripeApiUrl).toBe("http://127.0.0.1:12111");
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), STRIPE_API_URL: "stripe" })).toThrow(/STRIPE_API_URL/);
  });
});

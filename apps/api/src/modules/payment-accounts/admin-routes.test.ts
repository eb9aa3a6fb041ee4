import type { EditConflict, PaymentSettings } from "@app/contracts";
import { schema } from "@app/db";
import { desc, eq, like } from "@app/db/orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminActor, type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { type FakeStripe, startFakeStripe } from "../../testing/fake-stripe";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPaymentAccountCredentials, findAccountOfModule } from ".";

const SECRETS_KEY = "payment-accounts-test-secrets-key-0123456789";
// Made-up keys in Stripe's formats; each is looked for in every answer and log line of this file.
const TEST_KEY = "sk_test_51HpaymentAccountsTestKeyA4242";
const LIVE_KEY = "rk_live_51HpaymentAccountsLiveKeyB9876";
const WEBHOOK_SECRET = "whsec_paymentAccountsWebhookSecretC1";
const OTHER_WEBHOOK_SECRET = "whsec_paymentAccountsWebhookSecretD2";
const BAD_KEY = "sk_test_has spaces and-dashes-SECRETBAD";
const SECRETS = [TEST_KEY, LIVE_KEY, WEBHOOK_SECRET, OTHER_WEBHOOK_SECRET, BAD_KEY];

let t: TestApp;
let actors: AdminActors;
/** Stripe, asked at each save whose key it is (GET /v1/account). */
let stripe: FakeStripe;
/** Every answer of this file's app and every line it logged (at trace level: the most it ever says). */
const answers: LightMyRequestResponse[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: { SECRETS_KEY, LOG_LEVEL: "trace", STRIPE_API_URL: stripe.url },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  actors = await createAdminActors(t);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const url = () => `/api/admin/organisations/${actors.organisationAId}/payment-account`;

async function call(actor: AdminActor, options: Omit<InjectOptions, "url"> & { url?: string }) {
  const res = await t.request(actors.as(actor, { url: url(), ...options } as InjectOptions));
  answers.push(res);
  return res;
}

async function read(actor: AdminActor = "owner"): Promise<PaymentSettings> {
  const res = await call(actor, { method: "GET" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentSettings>();
}

const save = (payload: object, actor: AdminActor = "owner") => call(actor, { method: "PUT", payload });
const remove = (version: number, actor: AdminActor = "owner") =>
  call(actor, { method: "DELETE", url: `${url()}?version=${version}` });

/** Stores keys from whatever is there now (the current version, or none). */
async function store(secretKey: string, webhookSecret = WEBHOOK_SECRET): Promise<PaymentSettings> {
  const version = (await read()).account?.edit.version ?? null;
  const res = await save({ secretKey, webhookSecret, version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentSettings>();
}

async function removeIfAny(): Promise<void> {
  const version = (await read()).account?.edit.version;
  if (version !== undefined) expect((await remove(version)).statusCode).toBe(200);
}

const auditEntries = () =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(like(schema.auditLog.action, "payment-account.%"))
    .orderBy(desc(schema.auditLog.id));

describe("who may read and change the payment settings", () => {
  const refusal: Record<Exclude<AdminActor, "owner">, number> = {
    none: 401,
    staff: 403,
    manager: 403,
    otherOwner: 404,
  };
  for (const [actor, status] of Object.entries(refusal) as [AdminActor, number][]) {
    test(`${actor}: ${status} to read, save and remove, and nothing changes`, async () => {
      await removeIfAny();
      expect((await call(actor, { method: "GET" })).statusCode).toBe(status);
      const put = await save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: null }, actor);
      expect(put.statusCode, put.body).toBe(status);
      expect((await read()).account).toBeNull();
      const { account } = await store(TEST_KEY);
      expect((await remove(account!.edit.version, actor)).statusCode).toBe(status);
      expect((await read()).account).toMatchObject({ edit: { version: account!.edit.version } });
    });
  }

  test("the other organisation's owner reads their own, which is not A's", async () => {
    const res = await t.request(
      actors.as("otherOwner", {
        method: "GET",
        url: `/api/admin/organisations/${actors.organisationBId}/payment-account`,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<PaymentSettings>().restaurants.map((r) => r.id)).toEqual([actors.restaurantBId]);
  });
});

describe("the owner", () => {
  test("without an account sees the test provider, the webhook URL to register, its events and the restaurants' methods", async () => {
    await removeIfAny();
    const settings = await read();
    expect(settings).toMatchObject({
      organisationId: actors.organisationAId,
      secretsKeyConfigured: true,
      account: null,
    });
    expect(settings.webhook.url).toMatch(
      /^http:\/\/localhost:80\/api\/payment\/stripe\/webhook\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(settings.webhook.events).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
      "charge.refunded",
    ]);
    // Restaurant A's demo settings: card online (the default), no MobilePay, pay at pickup as the seed has it.
    expect(settings.restaurants).toEqual([
      { id: actors.restaurantAId, name: expect.any(String), methods: expect.any(Object) },
    ]);
    const [restaurant] = settings.restaurants;
    expect(restaurant!.methods).toEqual({
      card: expect.any(Boolean),
      mobilepay: expect.any(Boolean),
      payAtPickup: expect.any(Boolean),
    });
  });

  test("stores a test key: test mode, the hint, a webhook secret set, the same webhook URL; payments go to Stripe in test mode", async () => {
    await removeIfAny();
    const before = await read();
    const saved = await store(TEST_KEY);
    expect(saved.account).toMatchObject({
      provider: "stripe",
      mode: "test",
      secretKeyHint: "sk_test_…4242",
      webhookSecretSet: true,
      // Above the versions of this file's earlier accounts (save-payment-account.versions.test.ts).
      edit: { version: expect.any(Number), updatedBy: { name: expect.stringMatching(/^owner /) } },
    });
    expect(saved.webhook.url).toBe(before.webhook.url);
    expect(await findAccountOfModule(t.db, t.restaurantA.module.id)).toEqual({ provider: "stripe", liveMode: false });
    // Sealed at rest, and opened only with the server's SECRETS_KEY.
    const [row] = await t.db
      .select()
      .from(schema.paymentAccount)
      .where(eq(schema.paymentAccount.organisationId, actors.organisationAId));
    expect(JSON.stringify(row)).not.toContain(TEST_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));
    expect(saved.webhook.url).toContain(row!.webhookId);
    const credentials = createPaymentAccountCredentials(t.db, t.config.secretsKey);
    expect(await credentials.forUnit(actors.restaurantAId)).toMatchObject({
      liveMode: false,
      secretKey: TEST_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(await credentials.forWebhook(row!.webhookId)).toMatchObject({ organisationId: actors.organisationAId });
  });

  test("a second save replaces both secrets and the mode follows the new key's prefix; the webhook URL stays", async () => {
    await removeIfAny();
    const first = await store(TEST_KEY);
    const second = await store(LIVE_KEY, OTHER_WEBHOOK_SECRET);
    expect(second.account).toMatchObject({
      mode: "live",
      secretKeyHint: "rk_live_…9876",
      edit: { version: first.account!.edit.version + 1 },
    });
    expect(second.webhook.url).toBe(first.webhook.url);
    expect(await findAccountOfModule(t.db, t.restaurantA.module.id)).toEqual({ provider: "stripe", liveMode: true });
    const opened = await createPaymentAccountCredentials(t.db, t.config.secretsKey).forUnit(actors.restaurantAId);
    expect(opened).toMatchObject({ secretKey: LIVE_KEY, webhookSecret: OTHER_WEBHOOK_SECRET });
  });

  test("a key pasted with spaces around it is stored without them", async () => {
    await removeIfAny();
    const version = null;
    const res = await save({ secretKey: `  ${TEST_KEY}\n`, webhookSecret: ` ${WEBHOOK_SECRET} `, version });
    expect(res.statusCode, res.body).toBe(200);
    const opened = await createPaymentAccountCredentials(t.db, t.config.secretsKey).forUnit(actors.restaurantAId);
    expect(opened).toMatchObject({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET });
  });

  test("stores the Stripe account the key belongs to, asked of Stripe with that key before anything is stored", async () => {
    await removeIfAny();
    await store(TEST_KEY);
    const [asked] = stripe.requestsTo("/v1/account", "GET").slice(-1);
    expect(asked!.apiKey).toBe(TEST_KEY);
    const [row] = await t.db
      .select()
      .from(schema.paymentAccount)
      .where(eq(schema.paymentAccount.organisationId, actors.organisationAId));
    expect(row!.providerAccountId).toBe(stripe.accountOf(TEST_KEY));
    const [entry] = await auditEntries();
    expect(entry!.after).toMatchObject({ providerAccountId: stripe.accountOf(TEST_KEY) });
  });

  test.each([
    ["a key Stripe refuses (quoting it)", "echo-key", 422, "Payment.KeyRefused", "secretKey"],
    [
      "a restricted key that may not read the account",
      "permission-denied",
      422,
      "Payment.KeyCannotReadAccount",
      "secretKey",
    ],
    ["Stripe not answering", "server-error", 503, "Payment.StripeUnavailable", undefined],
  ] as const)("%s: %i %s, and nothing is stored", async (_, failure, status, code, field) => {
    await removeIfAny();
    stripe.failNext("GET", /^\/v1\/account$/, failure);
    const res = await save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: null });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors[0]).toEqual({ code, message: expect.any(String), ...(field && { field }) });
    expect((await read()).account).toBeNull();
  });

  test("removing returns the restaurants to the built-in test provider", async () => {
    await removeIfAny();
    const { account } = await store(LIVE_KEY);
    const res = await remove(account!.edit.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentSettings>().account).toBeNull();
    expect(await findAccountOfModule(t.db, t.restaurantA.module.id)).toBeUndefined();
    expect((await remove(account!.edit.version)).statusCode).toBe(404);
  });
});

describe("formats", () => {
  test.each([
    ["a publishable key", { secretKey: "pk_test_51Habcdefgh4242" }, ["body.secretKey"]],
    ["a key too short", { secretKey: "sk_test_1234" }, ["body.secretKey"]],
    ["a key with spaces inside", { secretKey: BAD_KEY }, ["body.secretKey"]],
    ["a webhook secret without whsec_", { webhookSecret: "abcdefghijklmnop" }, ["body.webhookSecret"]],
    ["both empty", { secretKey: "", webhookSecret: "" }, ["body.secretKey", "body.webhookSecret"]],
  ])("%s is 400 on its field, without the value, and nothing is stored", async (_, change, fields) => {
    await removeIfAny();
    const payload = { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: null, ...change };
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    const items = res.json<{ errors: { code: string; field: string; message: string }[] }>().errors;
    expect(items.map((item) => item.field).sort()).toEqual(fields);
    for (const value of Object.values(change)) if (value) expect(res.body).not.toContain(value);
    expect((await read()).account).toBeNull();
  });

  test("a version that is not a whole number, or missing, is refused", async () => {
    for (const version of [undefined, "1", 0, 1.5]) {
      const res = await save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version });
      expect(res.statusCode, String(version)).toBe(400);
    }
  });
});

describe("optimistic concurrency", () => {
  test("of two saves based on one version, one wins and the other is 409 naming who saved, writing nothing", async () => {
    await removeIfAny();
    const { account } = await store(TEST_KEY);
    const version = account!.edit.version;
    const answers = await Promise.all([
      save({ secretKey: LIVE_KEY, webhookSecret: WEBHOOK_SECRET, version }),
      save({ secretKey: TEST_KEY, webhookSecret: OTHER_WEBHOOK_SECRET, version }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!.json<EditConflict>();
    expect(refused).toMatchObject({ code: "EDIT_CONFLICT", current: { version: version + 1 } });
    expect(refused.current.updatedBy?.name).toMatch(/^owner /);
    expect((await read()).account?.edit.version).toBe(version + 1);
  });

  test("two first saves at once: one creates the account, the other is 409", async () => {
    await removeIfAny();
    const answers = await Promise.all([
      save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: null }),
      save({ secretKey: LIVE_KEY, webhookSecret: WEBHOOK_SECRET, version: null }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const created = answers.find((res) => res.statusCode === 200)!.json<PaymentSettings>().account;
    expect((await read()).account).toEqual(created);
  });

  test("a save or removal based on an older version is 409; a save with a version after a removal too", async () => {
    await removeIfAny();
    const first = await store(TEST_KEY);
    await store(LIVE_KEY);
    const stale = first.account!.edit.version;
    expect((await save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: stale })).statusCode).toBe(409);
    expect((await remove(stale)).statusCode).toBe(409);
    expect((await read()).account?.mode).toBe("live");
    await removeIfAny();
    const late = await save({ secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: stale + 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe("PAYMENT_ACCOUNT_REMOVED");
    expect((await read()).account).toBeNull();
  });
});

describe("the audit log", () => {
  test("has an entry per save and removal with the account, mode and hint before and after, and never a secret", async () => {
    await removeIfAny();
    const testAccount = stripe.accountOf(TEST_KEY);
    const liveAccount = stripe.accountOf(LIVE_KEY);
    const from = (await auditEntries())[0]?.id ?? 0;
    await store(TEST_KEY);
    await store(LIVE_KEY, OTHER_WEBHOOK_SECRET);
    await removeIfAny();
    const entries = (await auditEntries()).filter((entry) => entry.id > from).reverse();
    expect(
      entries.map(({ action, before, after, organisationId, productionUnitId }) => ({
        action,
        before,
        after,
        organisationId,
        productionUnitId,
      })),
    ).toEqual([
      {
        action: "payment-account.save",
        before: null,
        after: { provider: "stripe", providerAccountId: testAccount, mode: "test", secretKeyHint: "sk_test_…4242" },
        organisationId: actors.organisationAId,
        productionUnitId: null,
      },
      {
        action: "payment-account.save",
        before: { provider: "stripe", providerAccountId: testAccount, mode: "test", secretKeyHint: "sk_test_…4242" },
        after: { provider: "stripe", providerAccountId: liveAccount, mode: "live", secretKeyHint: "rk_live_…9876" },
        organisationId: actors.organisationAId,
        productionUnitId: null,
      },
      {
        action: "payment-account.remove",
        before: { provider: "stripe", providerAccountId: liveAccount, mode: "live", secretKeyHint: "rk_live_…9876" },
        after: null,
        organisationId: actors.organisationAId,
        productionUnitId: null,
      },
    ]);
    const text = JSON.stringify(await auditEntries());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});

describe("the webhook URL", () => {
  test("is on PUBLIC_URL when the server has one", async () => {
    const behindProxy = await createTestApp({ env: { SECRETS_KEY, PUBLIC_URL: "https://shop.example.dk/" } });
    try {
      const owners = await createAdminActors(behindProxy);
      const res = await behindProxy.request(
        owners.as("owner", {
          method: "GET",
          url: `/api/admin/organisations/${owners.organisationAId}/payment-account`,
        }),
      );
      expect(res.json<PaymentSettings>().webhook.url).toMatch(
        /^https:\/\/shop\.example\.dk\/api\/payment\/stripe\/webhook\/[0-9a-f-]{36}$/,
      );
    } finally {
      await behindProxy.close();
    }
  });
});

describe("without SECRETS_KEY", () => {
  let bare: TestApp;
  let owners: AdminActors;
  beforeAll(async () => {
    bare = await createTestApp();
    owners = await createAdminActors(bare);
  });
  afterAll(() => bare.close());
  const bareUrl = () => `/api/admin/organisations/${owners.organisationAId}/payment-account`;

  test("the page is told before anything is typed, and has no webhook URL to offer", async () => {
    const res = await bare.request(owners.as("owner", { method: "GET", url: bareUrl() }));
    expect(res.json<PaymentSettings>()).toMatchObject({
      secretsKeyConfigured: false,
      account: null,
      webhook: { url: null },
    });
  });

  test("a save is 503 SECRETS_KEY_MISSING saying why and how to set it, and nothing is stored", async () => {
    const res = await bare.request(
      owners.as("owner", {
        method: "PUT",
        url: bareUrl(),
        payload: { secretKey: TEST_KEY, webhookSecret: WEBHOOK_SECRET, version: null },
      }),
    );
    answers.push(res);
    expect(res.statusCode).toBe(503);
    const [error] = res.json<{ errors: { code: string; message: string }[] }>().errors;
    expect(error!.code).toBe("SECRETS_KEY_MISSING");
    expect(error!.message).toMatch(/no SECRETS_KEY.*cannot store secrets safely.*Set SECRETS_KEY/s);
    const rows = await bare.db.select().from(schema.paymentAccount);
    expect(rows).toEqual([]);
  });
});

describe("the secrets", () => {
  test("are in no answer and no log line of this file's requests, which were logged", () => {
    expect(answers.length).toBeGreaterThan(40);
    expect(logLines.length).toBeGreaterThan(40);
    const seen = [...answers.map((res) => `${JSON.stringify(res.headers)}\n${res.body}`), ...logLines].join("\n");
    for (const secret of SECRETS) expect(seen).not.toContain(secret);
    // Nor their distinctive middles (a message that cut a secret's prefix off would still give it away).
    for (const secret of SECRETS) expect(seen).not.toContain(secret.slice(8, -4));
  });

  test("the routes are in the OpenAPI document under the back office's tag", async () => {
    const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json();
    const path = "/api/admin/organisations/{organisationId}/payment-account";
    for (const method of ["get", "put", "delete"]) expect(doc.paths[path][method].tags).toEqual(["Back office"]);
  });
});

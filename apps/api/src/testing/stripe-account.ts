/**
 * A restaurant's organisation connected to Stripe, written straight into payment_account as the back office
 * stores it (sealed with the server's SECRETS_KEY), and a test app that talks to a fake Stripe
 * (testing/fake-stripe.ts) through STRIPE_API_URL.
 */
import { randomBytes } from "node:crypto";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import type { TestDbKind } from "@app/db/testing";
import { sealingContext } from "../modules/payment-accounts/credentials";
import { createSecretBox } from "../shared/secret-box";
import { organisationOf } from "./admin-session";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { createTestApp, type DemoRestaurant, type TestApp, type TestClock } from "./test-app";

export const TEST_SECRETS_KEY = "secrets-key-for-tests-".padEnd(44, "k");

export type StripeAccount = {
  organisationId: number;
  secretKey: string;
  webhookSecret: string;
  webhookId: string;
  /** The Stripe account the key belongs to, as the back office's save asks the fake (GET /v1/account). */
  providerAccountId: string | null;
};

/**
 * Connects the restaurant's organisation to a Stripe account with fresh test keys (or `secretKey`, e.g. one the
 * fake rolled); answers them. With `stripe`, the account's id is the fake's for the key, as a save stores it.
 */
export async function connectStripe(
  t: TestApp,
  restaurant: DemoRestaurant,
  options: { liveMode?: boolean; stripe?: FakeStripe; secretKey?: string } = {},
): Promise<StripeAccount> {
  const organisationId = await organisationOf(t.db, restaurant.module.productionUnitId);
  const liveMode = options.liveMode ?? false;
  const secretKey = options.secretKey ?? `sk_${liveMode ? "live" : "test"}_${randomBytes(24).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
  const providerAccountId = options.stripe?.accountOf(secretKey) ?? null;
  const box = createSecretBox(new TextEncoder().encode(TEST_SECRETS_KEY));
  const values = {
    provider: "stripe",
    liveMode,
    secretKeySealed: box.seal(secretKey, sealingContext(organisationId, "secret_key")),
    webhookSecretSealed: box.seal(webhookSecret, sealingContext(organisationId, "webhook_secret")),
    secretKeyHint: `${secretKey.slice(0, 8)}…${secretKey.slice(-4)}`,
    providerAccountId,
  };
  // Which provider a module uses is cached per process until the change is notified: edit waits for that.
  const [row] = await t.edit((db) =>
    db
      .insert(schema.paymentAccount)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: schema.paymentAccount.organisationId, set: values })
      .returning(),
  );
  return { organisationId, secretKey, webhookSecret, webhookId: row!.webhookId, providerAccountId };
}

export async function disconnectStripe(t: TestApp, account: StripeAccount) {
  await t.edit((db) =>
    db.delete(schema.paymentAccount).where(eq(schema.paymentAccount.organisationId, account.organisationId)),
  );
}

/** The whole API on a fresh database (PGlite or PostgreSQL), with SECRETS_KEY and a fake Stripe behind STRIPE_API_URL. */
export async function createStripeTestApp(options: {
  kind: TestDbKind;
  clock: TestClock;
  env?: Record<string, string>;
  logStream?: { write: (line: string) => void };
}): Promise<{ t: TestApp; stripe: FakeStripe; close: () => Promise<void> }> {
  const stripe = await startFakeStripe({ now: options.clock.now });
  const t = await createTestApp({
    kind: options.kind,
    clock: options.clock,
    logStream: options.logStream,
    env: { SECRETS_KEY: TEST_SECRETS_KEY, STRIPE_API_URL: stripe.url, ...options.env },
  });
  return {
    t,
    stripe,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

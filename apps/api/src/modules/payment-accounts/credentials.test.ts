import { afterAll, beforeAll, expect, test } from "vitest";
import { connectStripe, TEST_SECRETS_KEY } from "../../testing/stripe-account";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPaymentAccountCredentials } from "./credentials";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const key = (text: string) => new TextEncoder().encode(text);

test("the stored keys open with the SECRETS_KEY that sealed them", async () => {
  const account = await connectStripe(t, t.restaurantA);
  const opened = await createPaymentAccountCredentials(t.db, key(TEST_SECRETS_KEY)).forWebhook(account.webhookId);
  expect(opened).toMatchObject({ secretKey: account.secretKey, webhookSecret: account.webhookSecret, liveMode: false });
});

test("with another SECRETS_KEY the account does not open, and the error says why without a secret", async () => {
  const account = await connectStripe(t, t.restaurantA);
  const other = createPaymentAccountCredentials(t.db, key("another-secrets-key-".padEnd(40, "x")));
  const failure = await other.forUnit(t.restaurantA.module.productionUnitId).catch((error: Error) => error);
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toMatch(
    /cannot be opened with this server's SECRETS_KEY \(was SECRETS_KEY changed\?/,
  );
  expect((failure as Error).message).not.toContain(account.secretKey);
});

test("without SECRETS_KEY nothing is opened: no account", async () => {
  const account = await connectStripe(t, t.restaurantA);
  expect(await createPaymentAccountCredentials(t.db, undefined).forWebhook(account.webhookId)).toBeUndefined();
});

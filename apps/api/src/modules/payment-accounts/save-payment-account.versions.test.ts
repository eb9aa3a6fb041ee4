/**
 * An organisation's payment account versions never repeat, across removals and new accounts: a back-office tab
 * that read an account which was removed since (and perhaps replaced by one of another Stripe account) is
 * refused, never writes over the new one. On both databases.
 */
import type { EditConflict, PaymentSettings } from "@app/contracts";
import { testDbKinds } from "@app/db/testing";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { type FakeStripe, startFakeStripe } from "../../testing/fake-stripe";
import { createTestApp, type TestApp } from "../../testing/test-app";

const SECRETS_KEY = "payment-account-versions-secrets-key-0123456";
const OLD_KEY = "sk_test_51HversionsOldAccountKeyA4242";
const NEW_KEY = "rk_live_51HversionsNewAccountKeyB9876";
const WEBHOOK_SECRET = "whsec_versionsWebhookSecretC1";

describe.each(await testDbKinds())("payment account versions on %s", (kind) => {
  let t: TestApp;
  let actors: AdminActors;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({ kind, env: { SECRETS_KEY, STRIPE_API_URL: stripe.url } });
    actors = await createAdminActors(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const url = () => `/api/admin/organisations/${actors.organisationAId}/payment-account`;
  const call = (options: Omit<InjectOptions, "url"> & { url?: string }) =>
    t.request(actors.as("owner", { url: url(), ...options } as InjectOptions));

  async function read(): Promise<PaymentSettings> {
    const res = await call({ method: "GET" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentSettings>();
  }
  const save = (secretKey: string, version: number | null) =>
    call({ method: "PUT", payload: { secretKey, webhookSecret: WEBHOOK_SECRET, version } });
  const remove = (version: number) => call({ method: "DELETE", url: `${url()}?version=${version}` });

  /** Saves a key as a tab that read `version`; answers the stored account's version. */
  async function saved(secretKey: string, version: number | null): Promise<number> {
    const res = await save(secretKey, version);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentSettings>().account!.edit.version;
  }
  async function removed(version: number): Promise<void> {
    const res = await remove(version);
    expect(res.statusCode, res.body).toBe(200);
  }
  async function removeIfAny(): Promise<void> {
    const version = (await read()).account?.edit.version;
    if (version !== undefined) await removed(version);
  }

  test("a new account after a removal gets a version the removed one never had, so the old account's tab is refused", async () => {
    await removeIfAny();
    // The old tab read this account.
    const old = await saved(OLD_KEY, null);
    await removed(old);
    // Someone connects another Stripe account from a page that showed no account.
    const current = await saved(NEW_KEY, null);
    expect(current).toBeGreaterThan(old);
    const before = await read();

    const stale = await save(OLD_KEY, old);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<EditConflict>()).toMatchObject({ code: "EDIT_CONFLICT", current: { version: current } });
    const after = await read();
    expect(after.account).toEqual(before.account);
    expect(after.account).toMatchObject({ mode: "live", secretKeyHint: "rk_live_…9876" });
  });

  test("a removal based on the removed account's version is refused and the new account stays", async () => {
    await removeIfAny();
    const old = await saved(OLD_KEY, null);
    await removed(old);
    const current = await saved(NEW_KEY, null);

    const stale = await remove(old);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<EditConflict>()).toMatchObject({ code: "EDIT_CONFLICT", current: { version: current } });
    expect((await read()).account).toMatchObject({ mode: "live", edit: { version: current } });
  });

  test("two new accounts at once after a removal: one is stored above the removed one's version, the other is 409", async () => {
    await removeIfAny();
    const old = await saved(OLD_KEY, null);
    await removed(old);
    const answers = await Promise.all([save(OLD_KEY, null), save(NEW_KEY, null)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const stored = answers.find((res) => res.statusCode === 200)!.json<PaymentSettings>().account!;
    expect(stored.edit.version).toBe(old + 1);
    expect((await read()).account).toEqual(stored);
  });

  test("the version only grows over saves, removals and new accounts", async () => {
    await removeIfAny();
    const versions: number[] = [];
    for (let round = 0; round < 4; round++) {
      versions.push(await saved(OLD_KEY, null));
      versions.push(await saved(NEW_KEY, versions.at(-1)!));
      await removed(versions.at(-1)!);
    }
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]!);
    // Every version any of those accounts had is now refused, for a save and a removal alike.
    const current = await saved(OLD_KEY, null);
    for (const version of versions) {
      expect((await save(NEW_KEY, version)).statusCode, `save ${version}`).toBe(409);
      expect((await remove(version)).statusCode, `remove ${version}`).toBe(409);
    }
    expect((await read()).account).toMatchObject({ mode: "test", edit: { version: current } });
  });
});

/**
 * A restaurant's sections (details, settings, service, terms, maintenance) are saved like every other editor's
 * work: the save sends the version of each section it read, and a section someone saved since is refused with
 * 409 EditConflict naming who and when, writing nothing. The bug this pins: a tab opened before another tab
 * saved a new name put the old name back when it saved a phone number. On PGlite and on PostgreSQL.
 */
import type { EditConflict, Restaurant } from "@app/contracts";
import { schema } from "@app/db";
import { count, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { createTestApp, type TestApp } from "../../testing/test-app";

describe.each(await testDbKinds())("versions of a restaurant's sections, on %s", (kind) => {
  let t: TestApp;
  let unit: number;
  let owner: AdminSession;
  let otherOwner: AdminSession;
  let manager: AdminSession;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    unit = t.restaurantA.module.productionUnitId;
    const organisationId = await organisationOf(t.db, unit);
    const now = t.clock.now();
    owner = await signInAs(t.db, { organisationId, role: "owner", now });
    otherOwner = await signInAs(t.db, { organisationId, role: "owner", now });
    manager = await signInAs(t.db, { organisationId, role: "manager", productionUnitIds: [unit], now });
  }, 60_000);
  afterAll(() => t?.close());

  /** What a tab shows when it is opened. */
  const open = async (who: AdminSession) => {
    const res = await t.request({ method: "GET", url: `/api/admin/restaurants/${unit}`, headers: who.readHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Restaurant>();
  };
  const put = (who: AdminSession, payload: object) =>
    t.request({ method: "PUT", url: `/api/admin/restaurants/${unit}`, headers: who.headers, payload });
  /** The details section as the back office's details form sends it. */
  const detailsOf = (r: Restaurant) => {
    const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage } = r;
    return { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage };
  };
  const auditCount = async () =>
    (await t.db.select({ n: count() }).from(schema.auditLog).where(eq(schema.auditLog.productionUnitId, unit)))[0]!.n;

  test("the restaurant is read with a version per section; a save moves only the saved section's", async () => {
    const before = await open(owner);
    expect(Object.keys(before.versions).sort()).toEqual(["details", "maintenance", "service", "settings", "terms"]);
    const service = { acknowledgeMinutes: before.service.acknowledgeMinutes + 1, autoRejectMinutes: null };
    const res = await put(manager, { service, versions: { service: before.versions.service } });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Restaurant>();
    expect(after.versions.service).not.toBe(before.versions.service);
    expect({ ...after.versions, service: 0 }).toEqual({ ...before.versions, service: 0 });
    expect(await open(owner)).toMatchObject({ versions: after.versions });
  });

  test("a tab opened before another saved a new name cannot put the old name back with its phone number", async () => {
    const tab1 = await open(owner);
    const tab2 = await open(otherOwner);
    const renamed = await put(owner, {
      details: { ...detailsOf(tab1), name: "Bistro Ny" },
      versions: { details: tab1.versions.details },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const entries = await auditCount();

    const stale = await put(otherOwner, {
      details: { ...detailsOf(tab2), phone: "70101010" },
      versions: { details: tab2.versions.details },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const conflict = stale.json<EditConflict>();
    expect(conflict).toMatchObject({
      code: "EDIT_CONFLICT",
      current: {
        version: renamed.json<Restaurant>().versions.details,
        updatedAt: t.clock.now().toISOString(),
        updatedBy: { name: expect.stringContaining("owner"), email: `${owner.accountId}@example.dk` },
      },
    });
    // Nothing written: the new name stays, the phone is not changed, no audit entry.
    const now = await open(owner);
    expect(now).toMatchObject({ name: "Bistro Ny", phone: tab1.phone });
    expect(await auditCount()).toBe(entries);

    // Another section of the same stale tab is not in conflict: nobody saved it since.
    const flag = await put(otherOwner, { maintenance: false, versions: { maintenance: tab2.versions.maintenance } });
    expect(flag.statusCode, flag.body).toBe(200);

    // Read again, the phone is saved beside the new name.
    const again = await put(otherOwner, {
      details: { ...detailsOf(now), phone: "70101010" },
      versions: { details: now.versions.details },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Restaurant>()).toMatchObject({ name: "Bistro Ny", phone: "70101010" });
  });

  test("a stale section among fresh ones refuses the whole save", async () => {
    const tab = await open(manager);
    const fresh = await put(manager, {
      terms: { effectiveFrom: "2026-12-01", texts: [] },
      versions: { terms: tab.versions.terms },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const res = await put(manager, {
      maintenance: !tab.maintenance,
      terms: null,
      versions: { maintenance: tab.versions.maintenance, terms: tab.versions.terms },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await open(manager)).toMatchObject({
      maintenance: tab.maintenance,
      terms: { effectiveFrom: "2026-12-01" },
    });
  });

  test("a section the back office never saved names no one, at the restaurant's creation", async () => {
    const tab = await open(manager);
    const res = await put(manager, { settings: tab.settings, versions: { settings: tab.versions.settings + 1 } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<EditConflict>().current).toMatchObject({ version: tab.versions.settings, updatedBy: null });
  });

  test("a section sent without its version is refused (400), nothing written", async () => {
    const tab = await open(owner);
    const res = await put(owner, { details: { ...detailsOf(tab), name: "Uden version" } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "body.versions.details" });
    expect((await open(owner)).name).toBe(tab.name);
  });

  test("two saves from the same version at once: one is saved, the other is refused", async () => {
    for (let round = 0; round < 3; round++) {
      const tab = await open(manager);
      const from = tab.settings;
      const versions = { settings: tab.versions.settings };
      // Two different changes, each of other contents than the stored ones.
      const both = await Promise.all([
        put(manager, { settings: { ...from, showExpandedCart: !from.showExpandedCart }, versions }),
        put(manager, { settings: { ...from, requireLogin: !from.requireLogin }, versions }),
      ]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const saved = both.find((res) => res.statusCode === 200)!.json<Restaurant>();
      expect((await open(manager)).settings).toEqual(saved.settings);
      // Back to where the round began.
      const reset = await put(manager, { settings: from, versions: { settings: saved.versions.settings } });
      expect(reset.statusCode, reset.body).toBe(200);
    }
  });
});

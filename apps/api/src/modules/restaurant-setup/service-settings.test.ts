/**
 * The restaurant's service settings in the back office (issue 44): the acknowledgement time before managers are
 * alerted (default 3 minutes) and the optional auto-reject (off by default), read and saved with the restaurant
 * by its owners and managers, audited, and what the escalation reads (readServiceSettings). On PGlite and on
 * PostgreSQL.
 */
import type { Restaurant } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { readServiceSettings } from "../settings";
import { readRestaurant } from "./read-restaurant";

describe.each(await testDbKinds())("the restaurant's service settings, on %s", (kind) => {
  let t: TestApp;
  let unitA: number;
  let unitB: number;
  let managerA: AdminSession;
  let staffA: AdminSession;
  let ownerB: AdminSession;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    unitA = t.restaurantA.module.productionUnitId;
    unitB = t.restaurantB.module.productionUnitId;
    const [orgA, orgB] = await Promise.all([organisationOf(t.db, unitA), organisationOf(t.db, unitB)]);
    const now = t.clock.now();
    managerA = await signInAs(t.db, { organisationId: orgA, role: "manager", productionUnitIds: [unitA], now });
    staffA = await signInAs(t.db, { organisationId: orgA, role: "staff", productionUnitIds: [unitA], now });
    ownerB = await signInAs(t.db, { organisationId: orgB, role: "owner", now });
  }, 60_000);
  afterAll(() => t?.close());

  /** A save as the back office sends it: every section with its version as stored just before. */
  const put = async (who: AdminSession, id: number, payload: object) => {
    const { versions } = await readRestaurant(t.db, id);
    return t.request({
      method: "PUT",
      url: `/api/admin/restaurants/${id}`,
      headers: who.headers,
      payload: { ...payload, versions },
    });
  };
  const read = async (who: AdminSession, id: number) => {
    const res = await t.request({ method: "GET", url: `/api/admin/restaurants/${id}`, headers: who.readHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Restaurant>();
  };
  const errorsOf = (res: { json: () => { errors: { code: string; field?: string; message: string }[] } }) =>
    res.json().errors;

  test("a restaurant nobody has set up alerts after 3 minutes and never rejects by itself", async () => {
    expect((await read(managerA, unitA)).service).toEqual({ acknowledgeMinutes: 3, autoRejectMinutes: null });
  });

  test("a manager saves both; the restaurant and the escalation read them back, other sections unchanged", async () => {
    const before = await read(managerA, unitA);
    const res = await put(managerA, unitA, { service: { acknowledgeMinutes: 5, autoRejectMinutes: 12 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Restaurant>().service).toEqual({ acknowledgeMinutes: 5, autoRejectMinutes: 12 });
    expect(await readServiceSettings(t.db, unitA)).toEqual({ acknowledgeMinutes: 5, autoRejectMinutes: 12 });
    const after = await read(managerA, unitA);
    expect(after.settings).toEqual(before.settings);
    expect(after.maintenance).toBe(before.maintenance);
    // Restaurant B is untouched.
    expect(await readServiceSettings(t.db, unitB)).toEqual({ acknowledgeMinutes: 3, autoRejectMinutes: null });
  });

  test("auto-reject turned off again is stored as off (null), not left at its old value", async () => {
    const res = await put(managerA, unitA, { service: { acknowledgeMinutes: 4, autoRejectMinutes: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await readServiceSettings(t.db, unitA)).toEqual({ acknowledgeMinutes: 4, autoRejectMinutes: null });
  });

  test("each change is in the audit log with who, before and after", async () => {
    const entries = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.productionUnitId, unitA), eq(schema.auditLog.action, "service.update")))
      .orderBy(schema.auditLog.id);
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { acknowledgeMinutes: 3, autoRejectMinutes: null },
        { acknowledgeMinutes: 5, autoRejectMinutes: 12 },
      ],
      [
        { acknowledgeMinutes: 5, autoRejectMinutes: 12 },
        { acknowledgeMinutes: 4, autoRejectMinutes: null },
      ],
    ]);
    expect(entries.every((entry) => entry.accountId === managerA.accountId)).toBe(true);
  });

  test("saving the same values again writes no audit entry", async () => {
    const count = async () =>
      (await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "service.update"))).length;
    const was = await count();
    expect(
      (await put(managerA, unitA, { service: { acknowledgeMinutes: 4, autoRejectMinutes: null } })).statusCode,
    ).toBe(200);
    expect(await count()).toBe(was);
  });

  test.each([
    [{ acknowledgeMinutes: 0, autoRejectMinutes: null }, "service.acknowledgeMinutes", "Service.AcknowledgeMinutes"],
    [{ acknowledgeMinutes: 61, autoRejectMinutes: null }, "service.acknowledgeMinutes", "Service.AcknowledgeMinutes"],
    [{ acknowledgeMinutes: 2.5, autoRejectMinutes: null }, "service.acknowledgeMinutes", "Service.AcknowledgeMinutes"],
    [{ acknowledgeMinutes: 3, autoRejectMinutes: 241 }, "service.autoRejectMinutes", "Service.AutoRejectMinutes"],
    [{ acknowledgeMinutes: 5, autoRejectMinutes: 5 }, "service.autoRejectMinutes", "Service.AutoRejectBeforeAlert"],
  ])("%j is refused (400) on its field, and nothing is saved", async (service, field, message) => {
    const res = await put(managerA, unitA, { service });
    expect(res.statusCode).toBe(400);
    const refused = errorsOf(res).find((error) => error.field?.endsWith(field));
    expect(refused, res.body).toBeDefined();
    expect(refused!.message).toContain(message);
    expect(await readServiceSettings(t.db, unitA)).toEqual({ acknowledgeMinutes: 4, autoRejectMinutes: null });
  });

  test("staff may not change them (403); another organisation's owner gets 404", async () => {
    const service = { acknowledgeMinutes: 10, autoRejectMinutes: null };
    expect((await put(staffA, unitA, { service })).statusCode).toBe(403);
    expect((await put(ownerB, unitA, { service })).statusCode).toBe(404);
    expect(await readServiceSettings(t.db, unitA)).toEqual({ acknowledgeMinutes: 4, autoRejectMinutes: null });
  });

  test("staff, who may not read the restaurant whole, get its clock (time zone) with the list", async () => {
    const res = await t.request({ method: "GET", url: "/api/admin/restaurants", headers: staffA.readHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restaurants).toEqual([expect.objectContaining({ id: unitA, timeZone: "Europe/Copenhagen" })]);
  });
});

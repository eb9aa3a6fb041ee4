import type { EditConflict, RestaurantHours, RestaurantOrdering } from "@app/contracts";
import { schema } from "@app/db";
import { and, desc, eq } from "@app/db/orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { checkoutWithBasket } from "../../testing/checkout-fixtures";
import { useTestApp } from "../../testing/test-app";

// A Monday, 11:00 in Copenhagen. Restaurant A is open around the clock and delivers 11:00–21:00.
const { t, clock } = useTestApp("2026-11-23T10:00:00Z");

const A = () => t.restaurantA;
const unitA = () => A().module.productionUnitId;
type Slot = { time: string; isAvailable: boolean };

let manager: AdminSession;
let otherManager: AdminSession;
beforeAll(async () => {
  const organisationId = await organisationOf(t.db, unitA());
  const member = { organisationId, role: "manager" as const, productionUnitIds: [unitA()], now: clock.now() };
  manager = await signInAs(t.db, member);
  otherManager = await signInAs(t.db, member);
});

const admin = (path: string) => `/api/admin/restaurants/${unitA()}${path}`;
const read = async <T>(path: string): Promise<T> => {
  const res = await t.request({ method: "GET", url: admin(path), headers: manager.readHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const put = (path: string, payload: object, session = manager) =>
  t.request({ method: "PUT", url: admin(path), headers: session.headers, payload });

/** The storefront's pickup slots of a local date, for an empty basket. */
async function guestSlots(date: string): Promise<Slot[]> {
  const res = await t.request({
    method: "GET",
    url: `/api/availableordertime/${A().module.capacityInstanceId}/${date}`,
    headers: A().auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Slot[]>();
}

const opening = (weekday: number, opens: string, closes: string) => ({ kind: "opening", weekday, opens, closes });

describe("hours", () => {
  test("a save replaces the weekly ranges and the storefront's slots follow at once: two ranges, one past midnight", async () => {
    const current = await read<RestaurantHours>("/hours");
    const delivery = current.weekly.filter((range) => range.kind === "delivery");
    // Tuesday 11:00–12:00 and 23:00–01:00; Wednesday has nothing of its own.
    const weekly = [...delivery, opening(2, "11:00", "12:00"), opening(2, "23:00", "01:00")];
    const res = await put("/hours", { weekly, special: [], closed: [], version: current.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RestaurantHours>().version).not.toBe(current.version);

    const tuesday = (await guestSlots("2026-11-24")).map((slot) => slot.time);
    expect(tuesday.slice(0, 4)).toEqual([
      "2026-11-24T10:00:00.000Z",
      "2026-11-24T10:15:00.000Z",
      "2026-11-24T10:30:00.000Z",
      "2026-11-24T10:45:00.000Z",
    ]);
    expect(tuesday.slice(4)).toEqual([
      "2026-11-24T22:00:00.000Z",
      "2026-11-24T22:15:00.000Z",
      "2026-11-24T22:30:00.000Z",
      "2026-11-24T22:45:00.000Z",
    ]);
    // Wednesday 00:00–01:00 local belongs to Tuesday's night.
    expect(await guestSlots("2026-11-25")).toHaveLength(4);
  });

  test("special hours replace the weekday's and a closed date has no slots; both are audited before and after", async () => {
    const current = await read<RestaurantHours>("/hours");
    const res = await put("/hours", {
      ...current,
      special: [{ kind: "opening", date: "2026-11-24", opens: "12:00", closes: "12:30" }],
      closed: [{ date: "2026-11-23", reason: "Inventory" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Tuesday's special hours replace both its ranges, so its night no longer reaches Wednesday.
    expect((await guestSlots("2026-11-24")).map((slot) => slot.time)).toEqual([
      "2026-11-24T11:00:00.000Z",
      "2026-11-24T11:15:00.000Z",
    ]);
    expect(await guestSlots("2026-11-25")).toEqual([]);
    expect(await guestSlots("2026-11-23")).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.productionUnitId, unitA()), eq(schema.auditLog.action, "hours.update")))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ special: [], closed: [] });
    expect(entry?.after).toMatchObject({ closed: [{ date: "2026-11-23", reason: "Inventory" }] });
  });

  test("of two saves based on one version, one wins and the other is 409 naming who saved, writing nothing", async () => {
    const current = await read<RestaurantHours>("/hours");
    const first = { ...current, closed: [...current.closed, { date: "2026-12-24", reason: "Christmas" }] };
    const second = { ...current, closed: [...current.closed, { date: "2026-12-31", reason: "New year" }] };
    const answers = await Promise.all([put("/hours", first), put("/hours", second, otherManager)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!.json<EditConflict>();
    expect(refused.code).toBe("EDIT_CONFLICT");
    expect(refused.current.updatedBy?.email).toMatch(/@example\.dk$/);
    const after = await read<RestaurantHours>("/hours");
    expect(after.closed.map((c) => c.date).filter((d) => d >= "2026-12-24")).toHaveLength(1);
    expect(refused.current.version).toBe(after.version);
  });

  test("refuses overlapping ranges and a range that opens as it closes, on their fields, writing nothing", async () => {
    const current = await read<RestaurantHours>("/hours");
    const weekly = [opening(1, "10:00", "14:00"), opening(1, "13:00", "15:00"), opening(3, "09:00", "09:00")];
    const res = await put("/hours", { ...current, weekly });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
      ["weekly.1.opens", "OVERLAP"],
      ["weekly.2.closes", "SAME_TIMES"],
    ]);
    expect((await read<RestaurantHours>("/hours")).version).toBe(current.version);
  });

  test("a date in year 0000, which PostgreSQL cannot store, is 400 on its field, not a 500", async () => {
    const current = await read<RestaurantHours>("/hours");
    const res = await put("/hours", { ...current, closed: [{ date: "0000-01-01", reason: "" }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(["body.closed.0.date"]);
    expect((await read<RestaurantHours>("/hours")).version).toBe(current.version);
  });
});

describe("ordering", () => {
  test("slot interval, lead time and a capacity rule change the storefront's slots at once", async () => {
    const hours = await read<RestaurantHours>("/hours");
    await put("/hours", { ...hours, weekly: [opening(1, "12:00", "14:00")], special: [], closed: [] });
    const current = await read<RestaurantOrdering>("/ordering");
    const res = await put("/ordering", {
      ...current,
      pickup: { intervalMinutes: 30, leadMinutes: 90, futureDays: 3 },
      capacity: { itemsPerSlot: 10, rules: [{ weekday: 1, starts: "13:00", ends: "14:00", itemsPerSlot: 0 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 11:00 now + 90 minutes: 12:30 is the first slot; Monday 13:00–14:00 has no room.
    expect(await guestSlots("2026-11-23")).toEqual([
      { time: "2026-11-23T11:30:00.000Z", isAvailable: true },
      { time: "2026-11-23T12:00:00.000Z", isAvailable: false },
      { time: "2026-11-23T12:30:00.000Z", isAvailable: false },
    ]);
    // Three days ahead: Thursday has no hours, Friday is beyond.
    expect(await guestSlots("2026-11-26")).toEqual([]);
    const beyond = await t.request({
      method: "GET",
      url: `/api/availableordertime/${A().module.capacityInstanceId}/2026-11-27`,
      headers: A().auth,
    });
    expect(beyond.statusCode).toBe(422);
  });

  test("a delivery basket below the zone's minimum order is refused with DELIVERY_BELOW_MINIMUM", async () => {
    const current = await read<RestaurantOrdering>("/ordering");
    expect(current.delivery?.zones.length).toBeGreaterThan(0);
    const zones = current.delivery!.zones.map((zone) =>
      zone.zipCode === "2200" ? { ...zone, minimumOrder: 500 } : zone,
    );
    const res = await put("/ordering", { ...current, delivery: { ...current.delivery!, zones } });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    const refused = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/delivery/address?moduleId=${A().module.id}&address=Vej%201&zipcode=2200`,
      headers: A().auth,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        code: "DELIVERY_BELOW_MINIMUM",
        message: "Delivery to 2200 needs an order of at least 500 kr.",
        field: "zipcode",
      },
    ]);
  });

  test("a stale version is 409 and a repeated zip code 422 on its field", async () => {
    const current = await read<RestaurantOrdering>("/ordering");
    const zones = [...current.delivery!.zones, { ...current.delivery!.zones[0]! }];
    const duplicate = await put("/ordering", { ...current, delivery: { ...current.delivery!, zones } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors[0]).toMatchObject({
      code: "DUPLICATE_ZIP",
      field: `delivery.zones.${zones.length - 1}.zipCode`,
    });
    const saved = await put("/ordering", { ...current, pickup: { ...current.pickup, leadMinutes: 5 } });
    expect(saved.statusCode).toBe(200);
    const stale = await put("/ordering", { ...current, pickup: { ...current.pickup, leadMinutes: 50 } }, otherManager);
    expect(stale.statusCode).toBe(409);
    expect((await read<RestaurantOrdering>("/ordering")).pickup.leadMinutes).toBe(5);
  });
});

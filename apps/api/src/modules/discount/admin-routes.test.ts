import type { DiscountCodeList, DiscountCodeView } from "@app/contracts";
import { schema } from "@app/db";
import { and, desc, eq } from "@app/db/orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { checkoutWithBasket, insertBasket, type Line, productId } from "../../testing/checkout-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const B = () => t.restaurantB;
const unitOf = (restaurant = A()) => restaurant.module.productionUnitId;

let manager: AdminSession;
let otherManager: AdminSession;
beforeAll(async () => {
  manager = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, unitOf()),
    role: "manager",
    productionUnitIds: [unitOf()],
    now: clock.now(),
  });
  otherManager = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, unitOf()),
    role: "manager",
    productionUnitIds: [unitOf()],
    now: clock.now(),
  });
});

const url = (path = "", restaurant = A()) => `/api/admin/restaurants/${unitOf(restaurant)}/discount-codes${path}`;
const send = (method: "POST" | "PUT" | "DELETE", path: string, payload?: object, session = manager) =>
  t.request({ method, url: url(path), headers: session.headers, ...(payload ? { payload } : {}) });
const list = async () =>
  (await t.request({ method: "GET", url: url(), headers: manager.readHeaders })).json<DiscountCodeList>();
let codeNumber = 0;
const freshCode = () => `TEST${++codeNumber}`;
async function create(fields: object = {}): Promise<DiscountCodeView> {
  const res = await send("POST", "", { code: freshCode(), kind: "percentage", value: 10, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
function validate(discountCode: string, basketId: string) {
  const { discountInstanceId, id } = A().module;
  return t.request({
    method: "POST",
    url: `/api/discount/validate?instanceId=${discountInstanceId}&moduleId=${id}`,
    headers: A().auth,
    payload: { discountCode, basketId },
  });
}
const basket = (lines: Line[]) => insertBasket(t, A(), lines);
async function auditActions(): Promise<string[]> {
  const rows = await t.db
    .select({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.productionUnitId, unitOf()))
    .orderBy(desc(schema.auditLog.id))
    .limit(5);
  return rows.map((row) => row.action);
}
/** A category of A's menu with classic-burger in it, and nothing else of the basket below. */
async function categoryOf(internalName: string): Promise<number> {
  const product = await productId(t, A(), internalName);
  const [row] = await t.db
    .select({ id: schema.categoryProduct.categoryId })
    .from(schema.categoryProduct)
    .where(eq(schema.categoryProduct.productId, product));
  return row!.id;
}

describe("discount codes in the back office", () => {
  test("lists the seed's codes with their uses so far", async () => {
    await t.db
      .update(schema.discountCode)
      .set({ usageCount: 7 })
      .where(
        and(
          eq(schema.discountCode.code, "FAST50"),
          eq(schema.discountCode.discountInstanceId, A().module.discountInstanceId!),
        ),
      );
    const { codes, timeZone } = await list();
    expect(timeZone).toBe("Europe/Copenhagen");
    expect(codes.find((code) => code.code === "FAST50")).toMatchObject({
      kind: "amount",
      value: 50,
      minimumBasket: 200,
      usageLimit: 100,
      usageCount: 7,
      edit: { version: 1 },
    });
    expect(codes.map((code) => code.code)).not.toContain("PIZZA10"); // restaurant B's
  });

  test("creates a code stored upper-case, valid from the start of its first to the end of its last local day", async () => {
    const code = await create({ code: " sommer-fest ", validFrom: "2027-10-31", validUntil: "2027-10-31" });
    expect(code).toMatchObject({ code: "SOMMER-FEST", validFrom: "2027-10-31", validUntil: "2027-10-31" });
    const [row] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, code.id));
    // The day the clocks go back in Copenhagen is 25 hours long.
    expect(row!.validFrom!.toISOString()).toBe("2027-10-30T22:00:00.000Z");
    expect(row!.validUntil!.toISOString()).toBe("2027-10-31T22:59:59.999Z");
    expect(await auditActions()).toContain("discount-code.create");
  });

  test("refuses a code the restaurant already has, whatever its case: 409 on the code field", async () => {
    const res = await send("POST", "", { code: "sommer10", kind: "amount", value: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { code: "Codes.DuplicateCode", message: expect.stringContaining("SOMMER10"), field: "code" },
    ]);
    // Another restaurant's code is no obstacle.
    expect((await send("POST", "", { code: "PIZZA10", kind: "amount", value: 5 })).statusCode).toBe(201);
  });

  test("refuses another restaurant's product or category: 400 Input.UnknownReference on the field", async () => {
    const pizza = await productId(t, B(), "margherita");
    const res = await send("POST", "", { code: freshCode(), kind: "percentage", value: 10, productIds: [pizza] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.UnknownReference", field: "productIds.0" });
    const category = await send("POST", "", {
      code: freshCode(),
      kind: "percentage",
      value: 10,
      categoryIds: [await categoryOf("classic-burger"), 999_999],
    });
    expect(category.json().errors[0]).toMatchObject({ code: "Input.UnknownReference", field: "categoryIds.1" });
  });

  test("refuses a percentage above 100 and an end before the start, on their fields", async () => {
    const res = await send("POST", "", { code: freshCode(), kind: "percentage", value: 120 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("body.value");
    const dates = await send("POST", "", {
      code: freshCode(),
      kind: "amount",
      value: 10,
      validFrom: "2026-12-02",
      validUntil: "2026-12-01",
    });
    expect(dates.json().errors[0].field).toBe("body.validUntil");
  });

  test("refuses a new code whose last day is over on the restaurant's clock; today is fine, and a saved code may be ended in the past", async () => {
    const ended = await send("POST", "", {
      code: freshCode(),
      kind: "percentage",
      value: 10,
      validUntil: "2026-11-22",
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors).toEqual([
      { code: "Codes.UntilPassed", message: expect.stringContaining("2026-11-22"), field: "validUntil" },
    ]);
    expect((await list()).codes.map((code) => code.validUntil)).not.toContain("2026-11-22");
    const today = await create({ validUntil: "2026-11-23" });
    const closed = await send("PUT", `/${today.id}`, {
      code: today.code,
      kind: "percentage",
      value: 10,
      validUntil: "2026-11-22",
      version: 1,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ validUntil: "2026-11-22" });
  });

  test("updates a code; a save based on an older version is 409 EditConflict naming who saved, and writes nothing", async () => {
    const code = await create();
    const first = await send("PUT", `/${code.id}`, { code: code.code, kind: "amount", value: 25, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ kind: "amount", value: 25, edit: { version: 2 } });
    const stale = await send(
      "PUT",
      `/${code.id}`,
      { code: code.code, kind: "percentage", value: 50, version: 1 },
      otherManager,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "EDIT_CONFLICT",
      current: { version: 2, updatedBy: { name: expect.any(String) } },
    });
    const [row] = await t.db.select().from(schema.discountCode).where(eq(schema.discountCode.id, code.id));
    expect(row).toMatchObject({ kind: "amount", value: 2500, version: 2 });
    expect(await auditActions()).toContain("discount-code.update");
  });

  test("switched off, a code is refused to guests; switched on, it works again", async () => {
    const code = await create();
    const basketId = await basket([{ product: "smorrebrod", amount: 2 }]);
    const off = await send("PUT", `/${code.id}/active`, { isActive: false, version: 1 });
    expect(off.json()).toMatchObject({ isActive: false, edit: { version: 2 } });
    expect((await validate(code.code, basketId)).json().errors[0].code).toBe("Discount.Invalid");
    await send("PUT", `/${code.id}/active`, { isActive: true, version: 2 });
    expect((await validate(code.code, basketId)).json()).toEqual({ sumDiscount: 15.8, discountCode: code.code });
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["discount-code.activate", "discount-code.deactivate"]),
    );
  });

  test("a code limited to a category discounts that category's products only", async () => {
    const burgers = await categoryOf("classic-burger");
    const code = await create({ value: 10, categoryIds: [burgers] });
    const basketId = await basket([
      { product: "classic-burger", amount: 1 },
      { product: "salat", amount: 1 },
    ]);
    expect((await validate(code.code, basketId)).json()).toEqual({ sumDiscount: 11.9, discountCode: code.code });
    const saladOnly = await validate(code.code, await basket([{ product: "salat", amount: 2 }]));
    expect(saladOnly.json().errors[0]).toMatchObject({
      code: "Discount.NoValue",
      message: "The discount code is not valid for the chosen items",
    });
  });

  test("a category-limited code applied to a checkout is recomputed on the category's lines only", async () => {
    const code = await create({ value: 10, categoryIds: [await categoryOf("classic-burger")] });
    const { checkoutId } = await checkoutWithBasket(t, A(), [
      { product: "classic-burger", amount: 2 },
      { product: "salat", amount: 1 },
    ]);
    const res = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: A().auth,
      payload: { discountCode: code.code },
    });
    expect(res.json().totals).toMatchObject({ basketTotal: 283, discount: 23.8 });
  });

  test("a code that reached its usage limit is refused to guests", async () => {
    const code = await create({ usageLimit: 1 });
    const basketId = await basket([{ product: "smorrebrod", amount: 2 }]);
    expect((await validate(code.code, basketId)).statusCode).toBe(200);
    await t.db.update(schema.discountCode).set({ usageCount: 1 }).where(eq(schema.discountCode.id, code.id));
    expect((await list()).codes.find((row) => row.id === code.id)?.usageCount).toBe(1);
    expect((await validate(code.code, basketId)).json().errors[0].code).toBe("Discount.Invalid");
  });

  test("deletes an unused code, and deactivates one a checkout applied instead", async () => {
    const unused = await create();
    const deleted = await send("DELETE", `/${unused.id}?version=1`);
    expect(deleted.json()).toEqual({ outcome: "deleted", code: null });
    expect((await list()).codes.map((code) => code.id)).not.toContain(unused.id);

    const used = await create();
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 2 }]);
    await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/discount`,
      headers: A().auth,
      payload: { discountCode: used.code },
    });
    const stale = await send("DELETE", `/${used.id}?version=7`);
    expect(stale.statusCode).toBe(409);
    const kept = await send("DELETE", `/${used.id}?version=1`);
    expect(kept.json()).toMatchObject({ outcome: "deactivated", code: { id: used.id, isActive: false } });
    expect(await auditActions()).toEqual(expect.arrayContaining(["discount-code.delete", "discount-code.deactivate"]));
  });

  test("another restaurant's code is 404", async () => {
    const [pizza] = await t.db
      .select({ id: schema.discountCode.id })
      .from(schema.discountCode)
      .where(eq(schema.discountCode.code, "PIZZA10"));
    const res = await send("PUT", `/${pizza!.id}/active`, { isActive: false, version: 1 });
    expect(res.statusCode).toBe(404);
  });

  test("names the restaurant's categories and products in the language asked", async () => {
    const res = await t.request({ method: "GET", url: url("/catalogue?language=en-US"), headers: manager.readHeaders });
    const catalogue = res.json<{
      categories: { id: number; name: string }[];
      products: { id: number; name: string }[];
    }>();
    expect(catalogue.products.find((product) => product.name === "Classic burger")).toBeDefined();
    expect(catalogue.categories.length).toBeGreaterThan(0);
  });
});

test("a code id beyond the database's integers is a 400 on the id, not a 500", async () => {
  const TOO_BIG = 2_147_483_648;
  for (const res of [
    await send("PUT", `/${TOO_BIG}/active`, { isActive: false, version: 1 }),
    await send("DELETE", `/${TOO_BIG}?version=1`),
  ]) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe("params.codeId");
  }
});

import { GIFTCARD_CODE_ALPHABET, type GiftcardDetail, type GiftcardList, type GiftcardView } from "@app/contracts";
import { schema } from "@app/db";
import { desc, eq } from "@app/db/orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { checkoutWithBasket } from "../../testing/checkout-fixtures";
import { pay, preparedCheckout } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";
import { generateGiftcardCode } from "./generate-giftcard-code";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

const A = () => t.restaurantA;
const unitOf = () => A().module.productionUnitId;

let manager: AdminSession;
beforeAll(async () => {
  manager = await signInAs(t.db, {
    organisationId: await organisationOf(t.db, unitOf()),
    role: "manager",
    productionUnitIds: [unitOf()],
    now: clock.now(),
  });
});

const url = (path = "") => `/api/admin/restaurants/${unitOf()}/giftcards${path}`;
const read = <T>(path: string) =>
  t.request({ method: "GET", url: url(path), headers: manager.readHeaders }).then((res) => res.json<T>());
const send = (method: "POST" | "PUT", path: string, payload: object) =>
  t.request({ method, url: url(path), headers: manager.headers, payload });
async function issue(payload: object = { amount: 250 }): Promise<GiftcardView> {
  const res = await send("POST", "", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const guestBalance = (code: string) =>
  t.request({
    method: "GET",
    url: `/api/giftcard/${A().module.giftcardInstanceId}/${encodeURIComponent(code)}/amount`,
    headers: A().auth,
  });

const CODE_SHAPE = new RegExp(`^[${GIFTCARD_CODE_ALPHABET}]{4}(-[${GIFTCARD_CODE_ALPHABET}]{4}){3}$`);

describe("gift-card codes", () => {
  test("are 16 characters of the unambiguous alphabet in groups of four, and do not repeat", () => {
    const codes = Array.from({ length: 2000 }, generateGiftcardCode);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up, and nothing else: the draw covers the whole alphabet.
    expect(new Set(codes.join("").replaceAll("-", ""))).toEqual(new Set(GIFTCARD_CODE_ALPHABET));
  });
});

describe("gift cards in the back office", () => {
  test("issues a card with its amount, a random code and an 'issued' ledger line; audited", async () => {
    const card = await issue({ amount: 250.5, validUntil: "2027-03-28" });
    expect(card).toMatchObject({ balance: 250.5, initialAmount: 250.5, validUntil: "2027-03-28", isActive: true });
    expect(card.code).toMatch(CODE_SHAPE);
    const detail = await read<GiftcardDetail>(`/${card.id}`);
    expect(detail.ledger).toEqual([
      expect.objectContaining({ kind: "issued", amount: 250.5, receiptNumber: null, by: expect.any(String) }),
    ]);
    const [audit] = await t.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "giftcard.issue", productionUnitId: unitOf() });
    // A guest can use it at once, typed in any case.
    expect((await guestBalance(card.code.toLowerCase())).json()).toBe(250.5);
  });

  test("refuses a card whose last day is over on the restaurant's clock (it could never be spent); today is fine", async () => {
    const ended = await send("POST", "", { amount: 100, validUntil: "2026-11-22" });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().errors).toEqual([
      { code: "Codes.UntilPassed", message: expect.stringContaining("2026-11-22"), field: "validUntil" },
    ]);
    expect(await issue({ amount: 100, validUntil: "2026-11-23" })).toMatchObject({ validUntil: "2026-11-23" });
  });

  test("two cards never share a code", async () => {
    const [first, second] = [await issue(), await issue()];
    expect(first.code).not.toBe(second.code);
  });

  test("refuses an amount of nothing, or of more than two decimals", async () => {
    for (const amount of [0, -5, 10.001]) {
      const res = await send("POST", "", { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].field).toBe("body.amount");
    }
  });

  test("finds a card by part of its code, in any case, with or without the dashes", async () => {
    const card = await issue();
    const part = card.code.slice(3, 9).toLowerCase(); // across a dash
    const found = await read<GiftcardList>(`?search=${encodeURIComponent(part.replace("-", " "))}`);
    expect(found.giftcards.map((row) => row.id)).toContain(card.id);
    expect(
      found.giftcards.every((row) => row.code.replaceAll("-", "").includes(part.replace("-", "").toUpperCase())),
    ).toBe(true);
  });

  test("a deactivated card is refused to guests, keeps its balance, and works again once reactivated", async () => {
    const card = await issue({ amount: 100 });
    const off = await send("PUT", `/${card.id}/active`, { isActive: false, version: 1 });
    expect(off.json()).toMatchObject({ isActive: false, balance: 100, edit: { version: 2 } });
    expect((await guestBalance(card.code)).json().errors[0].code).toBe("Giftcard.Generic");
    const { checkoutId } = await checkoutWithBasket(t, A(), [{ product: "smorrebrod", amount: 1 }]);
    const applied = await t.request({
      method: "POST",
      url: `/api/checkout/${checkoutId}/giftcard`,
      headers: A().auth,
      payload: { giftcardCode: card.code },
    });
    expect(applied.statusCode).toBe(422);
    const stale = await send("PUT", `/${card.id}/active`, { isActive: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "EDIT_CONFLICT", current: { version: 2 } });
    await send("PUT", `/${card.id}/active`, { isActive: true, version: 2 });
    expect((await guestBalance(card.code)).json()).toBe(100);
  });

  test("a card deactivated after a guest applied it pays nothing when the guest pays", async () => {
    const card = await issue({ amount: 500 });
    const { checkoutId } = await preparedCheckout(t, A(), { giftcards: [{ code: card.code, amountMinor: 11900 }] });
    await send("PUT", `/${card.id}/active`, { isActive: false, version: 1 });
    const res = await pay(t, checkoutId);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.json().errors[0].code).toBe("Giftcard.Generic");
    const [row] = await t.db.select().from(schema.giftcard).where(eq(schema.giftcard.id, card.id));
    expect(row!.balanceMinor).toBe(50000);
  });

  test("another restaurant's card is 404", async () => {
    const [other] = await t.db
      .select({ id: schema.giftcard.id })
      .from(schema.giftcard)
      .where(eq(schema.giftcard.code, "GAVE-250"));
    const res = await t.request({ method: "GET", url: url(`/${other!.id}`), headers: manager.readHeaders });
    expect(res.statusCode).toBe(404);
  });
});

test("a gift card id beyond the database's integers is a 400 on the id, not a 500", async () => {
  const TOO_BIG = 2_147_483_648;
  const answers = [
    await t.request({ method: "GET", url: url(`/${TOO_BIG}`), headers: manager.readHeaders }),
    await send("PUT", `/${TOO_BIG}/active`, { isActive: false, version: 1 }),
  ];
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe("params.giftcardId");
  }
});

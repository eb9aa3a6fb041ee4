/**
 * Reliability case 10 (issue 11): tampering. Generated payloads with forged prices, totals and
 * choice prices, negative, fractional, huge and non-numeric amounts, products and choices of
 * another restaurant or none, discount amounts the client makes up, and gift-card amounts above the
 * card's balance or the order's total, sent to the basket, checkout, discount, gift-card and payment
 * calls of restaurant A in random order (PGlite, and PostgreSQL when reachable). After every call:
 *
 * - no answer is a 5xx, and input that can never be valid (a line amount outside 1–99 or not an
 *   integer, a product that is not A's, an unknown code) is a 4xx;
 * - every stored basket line equals @app/domain's pricing of it from the catalogue (priceLine,
 *   productPriceToday) whatever prices the client sent;
 * - the checkout's discount equals computeDiscount of its code over the lines, its total equals
 *   orderTotal, gift cards pay at most that total and at most their balance, nothing is below 0;
 * - a payment attempt's amounts add up to the total; an order's totals equal the recomputation.
 *
 * Size: 150 payloads per database by default (about 20 s each), 1,000 with RELIABILITY_LONG=1.
 */
import { schema } from "@app/db";
import { and, eq, inArray } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import {
  CheckoutState,
  computeDiscount,
  localParts,
  type ModifierRule,
  orderTotal,
  PaymentState,
  PaymentType,
  priceLine,
  productPriceToday,
  summarizeBasket,
} from "@app/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readBasketLines } from "./modules/basket";
import { findProductOptions } from "./modules/basket/repository";
import { toDiscountRule } from "./modules/checkout/checkout-totals";
import { basketHelpers } from "./testing/basket-helpers";
import { pressTestButton, setGiftcardBalance, setItemsPerSlot } from "./testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "./testing/test-app";

/** Building the app on a fresh database takes seconds, but minutes on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 180_000;

const PAYLOADS = process.env.RELIABILITY_LONG === "1" ? 1_000 : 150;
const OPS_PER_SCENARIO = 8;
const START = "2026-11-23T10:00:00Z"; // a Monday, 11:00 in Copenhagen

type Json = Record<string, unknown>;

/** Money and amounts a client might forge. */
const forgedNumber = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0.01, 0.001, 2 ** 31, 2 ** 53, 1e308, -1e308),
);
const forgedAny = fc.oneof(forgedNumber, fc.constantFrom("0", "-5", "", null, true, [], {}));
const lineAmount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 1, arbitrary: fc.oneof(forgedNumber, fc.constantFrom(0, 99, 100, "2", null)) },
);
const isValidLineAmount = (amount: unknown) =>
  typeof amount === "number" && Number.isInteger(amount) && amount >= 1 && amount <= 99;

type Op =
  | {
      kind: "add";
      product: number;
      amount: unknown;
      prices: Json;
      choices: number;
      choiceAmount: unknown;
      choicePrice: unknown;
    }
  | { kind: "put"; line: number; amount: unknown; prices: Json; choicePrice: unknown }
  | { kind: "discount"; code: string; amount: unknown }
  | { kind: "giftcard"; code: string; amount: unknown }
  | { kind: "pay"; method: "pickup" | "card"; forged: Json }
  | { kind: "approve" };

const pricesArb = fc.record(
  { price: forgedAny, productPrice: forgedAny, totalPrice: forgedAny, totalPriceMinor: forgedAny },
  { requiredKeys: [] },
);

function opArb(products: number[]): fc.Arbitrary<Op> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("add" as const),
        product: fc.constantFrom(...products),
        amount: lineAmount,
        prices: pricesArb,
        choices: fc.nat(),
        choiceAmount: fc.oneof(fc.integer({ min: 0, max: 3 }), forgedAny),
        choicePrice: forgedAny,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("put" as const),
        line: fc.nat(),
        amount: lineAmount,
        prices: pricesArb,
        choicePrice: forgedAny,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("discount" as const),
        code: fc.constantFrom("SOMMER10", "FAST50", "BURGER15", "VINTER20", "PIZZA10", "NOPE", ""),
        amount: forgedAny,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("giftcard" as const),
        code: fc.constantFrom("GAVE-100", "GAVE-500", "GAVE-250", "NOPE"),
        amount: fc.oneof(forgedNumber, fc.integer({ min: 1, max: 100_000 }), fc.constant(null)),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("pay" as const),
        method: fc.constantFrom("pickup" as const, "card" as const),
        forged: fc.record({ amount: forgedAny, totalAmount: forgedAny }, { requiredKeys: [] }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "approve" as const }) },
  );
}

describe.each(await testDbKinds())("tampering on %s", (kind) => {
  let t: TestApp;
  let products: number[];
  let ownProducts: Set<number>;
  let orderReadyTime: string;
  let basics: { modifierId: number; choiceId: number; amount: number }[];
  const weekday = () => localParts(t.clock.now(), "Europe/Copenhagen").isoWeekday;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: createClock(START) });
    await setItemsPerSlot(t, t.restaurantA, 1_000_000);
    const h = basketHelpers(() => t);
    const burger = await h.productId("Classic burger");
    basics = await h.burgerBasics(burger);
    const cola = await h.productId("Coca-Cola");
    const [ofB] = await t.db
      .select()
      .from(schema.product)
      .where(eq(schema.product.productInstanceId, t.restaurantB.module.productInstanceId))
      .limit(1);
    products = [burger, burger, burger, cola, cola, ofB!.id, 987_654];
    ownProducts = new Set([burger, cola]);
    const { checkoutId } = await newCheckout();
    const slots = await t.request({
      method: "POST",
      url: `/api/availableordertime/${checkoutId}`,
      headers: t.restaurantA.auth,
      payload: {
        productionUnitId: t.restaurantA.module.productionUnitId,
        date: "2026-11-23",
        capacityInstanceId: t.restaurantA.module.capacityInstanceId,
      },
    });
    orderReadyTime = slots.json<{ time: string; isAvailable: boolean }[]>().find((slot) => slot.isAvailable)!.time;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const a = () => t.restaurantA;
  const req = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.request({
      method,
      url,
      headers: payload === undefined ? a().auth : { ...a().auth, "content-type": "application/json" },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  /** A fresh basket holding one valid burger, in a checkout with guest details and pickup time (once the time is known). */
  async function newCheckout() {
    const m = a().module;
    const basket = (await req("GET", "/api/basket")).json<{ id: string }>();
    const added = await req("POST", `/api/basket/${basket.id}/products`, {
      productId: products[0],
      amount: 1,
      choices: basics,
    });
    expect(added.statusCode, added.body).toBe(200);
    const checkoutId = (await req("POST", `/api/checkout?instanceId=${m.checkoutInstanceId}&moduleId=${m.id}`)).json<{
      id: string;
    }>().id;
    expect((await req("POST", `/api/checkout/${checkoutId}/basket?basketId=${basket.id}`)).statusCode).toBe(200);
    if (orderReadyTime !== undefined) {
      const guest = { name: "Mette Hansen", phone: "12345678", email: "mette@example.dk", orderReadyTime };
      const saved = await req("POST", `/api/checkout/${checkoutId}/guestInformation`, guest);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return { checkoutId, basketId: basket.id };
  }

  /** Sends one forged payload; answers its status and whether the input can never be valid. */
  async function send(op: Op, ids: { checkoutId: string; basketId: string }) {
    const m = a().module;
    switch (op.kind) {
      case "add": {
        const options = (await findProductOptions(t.db, op.product)).filter((row) => row.choiceId !== null);
        // Mostly the choices the product takes (the burger's included ones, none for the rest), so the forged
        // prices reach accepted lines; sometimes any of its options in any amount.
        const mode = op.choices % 4;
        const fitting = op.product === products[0] ? basics : [];
        const picked = mode < 3 ? fitting : options.filter((_, i) => ((op.choices >> 2) >> i) & 1);
        const choices = picked.map((row) => ({
          modifierId: row.modifierId,
          choiceId: row.choiceId,
          amount: mode === 3 ? op.choiceAmount : 1,
          price: op.choicePrice,
        }));
        const res = await req("POST", `/api/basket/${ids.basketId}/products`, {
          productId: op.product,
          amount: op.amount,
          ...op.prices,
          choices,
        });
        return { res, neverValid: !isValidLineAmount(op.amount) || !ownProducts.has(op.product) };
      }
      case "put": {
        const basket = (await req("GET", `/api/basket/${ids.basketId}`)).json<{ items: Json[] }>();
        const line = basket.items[op.line % Math.max(1, basket.items.length)];
        if (!line) return undefined;
        const choices = (line.choices as Json[]).map((choice) => ({ ...choice, price: op.choicePrice }));
        const res = await req("PUT", `/api/basket/${ids.basketId}/products/${line.id}`, {
          ...line,
          ...op.prices,
          amount: op.amount,
          choices,
        });
        return { res, neverValid: !isValidLineAmount(op.amount) };
      }
      case "discount": {
        const res = await req("POST", `/api/checkout/${ids.checkoutId}/discount`, {
          discountCode: op.code,
          amount: op.amount,
          sumDiscount: op.amount,
        });
        return { res, neverValid: ["NOPE", "", "PIZZA10", "VINTER20"].includes(op.code) };
      }
      case "giftcard": {
        const res = await req("POST", `/api/checkout/${ids.checkoutId}/giftcard`, {
          giftcardCode: op.code,
          amount: op.amount,
        });
        return { res, neverValid: ["NOPE", "GAVE-250"].includes(op.code) };
      }
      case "pay": {
        const query = new URLSearchParams({
          moduleId: String(m.id),
          continuationUrl: `http://localhost/payment/${ids.checkoutId}`,
          cancellationUrl: "http://localhost/checkout",
          paymentMethods: op.method,
          ...Object.fromEntries(Object.entries(op.forged).map(([key, value]) => [key, JSON.stringify(value)])),
        });
        const res = await req("POST", `/api/checkout/${ids.checkoutId}/payment?${query}`, op.forged);
        return { res, neverValid: false };
      }
      case "approve": {
        const [waiting] = await t.db
          .select()
          .from(schema.payment)
          .where(and(eq(schema.payment.checkoutId, ids.checkoutId), eq(schema.payment.state, PaymentState.CREATED)));
        if (!waiting) return undefined;
        return { res: await pressTestButton(t, waiting.id, "approve"), neverValid: false };
      }
    }
  }

  /** The line as @app/domain prices it from the catalogue. */
  async function recomputeLine(line: typeof schema.basketItem.$inferSelect) {
    const [product] = await t.db.select().from(schema.product).where(eq(schema.product.id, line.productId));
    const chosen = await t.db
      .select()
      .from(schema.basketItemChoice)
      .where(eq(schema.basketItemChoice.basketItemId, line.id));
    const rules = toRules(await findProductOptions(t.db, line.productId));
    const productPriceMinor = productPriceToday(product!, weekday());
    const priced = priceLine({
      productPriceMinor,
      quantity: line.amount,
      modifiers: rules,
      chosen: chosen.map((c) => ({ modifierId: c.modifierId, choiceId: c.choiceId, amount: c.amount })),
    });
    if (!priced.ok) throw new Error(`stored line ${line.id} is not sellable: ${JSON.stringify(priced.errors)}`);
    return { productPriceMinor, unitPriceMinor: priced.unitPriceMinor, totalPriceMinor: priced.totalPriceMinor };
  }

  type Shown = { id: string; amount: number };

  /** Everything stored for the checkout equals the domain's recomputation. */
  async function checkStored(ids: { checkoutId: string; basketId: string }, figures: Figures) {
    // An OPEN checkout's discount and gift cards count as its answer shows them: recomputed against the basket
    // on every read, without storing them (the start of a payment stores them). Any other's are the stored ones.
    const view = await req("GET", `/api/checkout/${ids.checkoutId}`);
    expect(view.statusCode, view.body).toBe(200);
    const shown = view.json<{ discounts: Shown[]; giftcards: Shown[] }>();
    const shownMinor = new Map(
      [...shown.discounts, ...shown.giftcards].map((row) => [row.id, Math.round(row.amount * 100)]),
    );

    const lines = await t.db.select().from(schema.basketItem).where(eq(schema.basketItem.basketId, ids.basketId));
    for (const line of lines) {
      const expected = await recomputeLine(line);
      expect(
        {
          productPriceMinor: line.productPriceMinor,
          priceMinor: line.priceMinor,
          totalPriceMinor: line.totalPriceMinor,
        },
        `line ${line.id}`,
      ).toEqual({
        productPriceMinor: expected.productPriceMinor,
        priceMinor: expected.unitPriceMinor,
        totalPriceMinor: expected.totalPriceMinor,
      });
      expect(line.totalPriceMinor).toBeGreaterThanOrEqual(0);
      expect(line.amount).toBeGreaterThanOrEqual(1);
      expect(line.amount).toBeLessThanOrEqual(99);
      figures.lines.add(line.id);
    }

    const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, ids.checkoutId));
    const kinds = await readBasketLines(t.db, ids.basketId, checkout!.moduleId);
    const basketTotalMinor = summarizeBasket(kinds).totalMinor;
    const open = checkout!.state === CheckoutState.OPEN;
    const counted = <R extends { id: string; amountMinor: number }>(rows: R[]) =>
      open
        ? rows.flatMap((row) => (shownMinor.has(row.id) ? [{ ...row, amountMinor: shownMinor.get(row.id)! }] : []))
        : rows;
    const stored = await t.db
      .select()
      .from(schema.checkoutDiscount)
      .where(eq(schema.checkoutDiscount.checkoutId, ids.checkoutId));
    const applied = counted(stored);
    let discountMinor = 0;
    for (const row of stored.filter((found) => !applied.some((shownRow) => shownRow.id === found.id))) {
      const [code] = await t.db
        .select()
        .from(schema.discountCode)
        .where(eq(schema.discountCode.id, row.discountCodeId));
      const result = computeDiscount({ ...toDiscountRule(code!), usageLimit: null }, kinds, t.clock.now());
      expect(result.ok, `discount ${row.code} left out while it applies`).toBe(false);
    }
    for (const row of applied) {
      const [code] = await t.db
        .select()
        .from(schema.discountCode)
        .where(eq(schema.discountCode.id, row.discountCodeId));
      const rule = toDiscountRule(code!);
      // Uses the payment holds are counted in usageCount; the applied code was valid for this checkout.
      const result = computeDiscount({ ...rule, usageLimit: null }, kinds, t.clock.now());
      if (checkout!.state === CheckoutState.OPEN) {
        expect(result, `discount ${row.code} on ${basketTotalMinor} øre`).toEqual({
          ok: true,
          amountMinor: row.amountMinor,
        });
      }
      expect(row.amountMinor).toBeGreaterThanOrEqual(0);
      discountMinor += row.amountMinor;
    }
    expect(discountMinor).toBeLessThanOrEqual(basketTotalMinor);
    const totalMinor = orderTotal({ basketTotalMinor, discountMinor, deliveryFeeMinor: 0 });
    expect(totalMinor).toBeGreaterThanOrEqual(0);

    const giftcards = counted(
      await t.db.select().from(schema.checkoutGiftcard).where(eq(schema.checkoutGiftcard.checkoutId, ids.checkoutId)),
    );
    const giftcardMinor = giftcards.reduce((sum, row) => sum + row.amountMinor, 0);
    for (const row of giftcards) expect(row.amountMinor).toBeGreaterThanOrEqual(0);
    expect(giftcardMinor, "gift cards pay at most the total").toBeLessThanOrEqual(totalMinor);
    if (checkout!.state === CheckoutState.OPEN && giftcards.length > 0) {
      const cards = await t.db
        .select()
        .from(schema.giftcard)
        .where(
          inArray(
            schema.giftcard.id,
            giftcards.map((row) => row.giftcardId),
          ),
        );
      for (const row of giftcards) {
        const card = cards.find((candidate) => candidate.id === row.giftcardId)!;
        expect(row.amountMinor, `gift card ${row.code} above its balance`).toBeLessThanOrEqual(card.balanceMinor);
      }
    }
    const allCards = await t.db.select().from(schema.giftcard);
    for (const card of allCards) expect(card.balanceMinor, `balance of ${card.code}`).toBeGreaterThanOrEqual(0);

    const body = view.json<{ totalAmount?: number }>();
    if (typeof body.totalAmount === "number") expect(Math.round(body.totalAmount * 100)).toBe(totalMinor);

    await checkPayments(ids.checkoutId, totalMinor, figures);
    await checkOrder(ids.checkoutId, basketTotalMinor, discountMinor, figures);
  }

  async function checkPayments(checkoutId: string, totalMinor: number, figures: Figures) {
    const payments = await t.db.select().from(schema.payment).where(eq(schema.payment.checkoutId, checkoutId));
    for (const payment of payments) expect(payment.amountMinor).toBeGreaterThanOrEqual(0);
    if (payments.length === 0) return;
    const latest = Math.max(...payments.map((payment) => payment.attempt));
    const attempt = payments.filter((payment) => payment.attempt === latest);
    const live = attempt.filter(
      (payment) => payment.state !== PaymentState.CANCELLED && payment.state !== PaymentState.FAILED,
    );
    if (live.length === attempt.length && !attempt.some((p) => p.state === PaymentState.REFUNDED)) {
      const paid = attempt.reduce((sum, payment) => sum + payment.amountMinor, 0);
      expect(paid, `attempt ${latest} of ${checkoutId} adds up to the total`).toBe(totalMinor);
      figures.attempts.add(`${checkoutId}:${latest}`);
    }
    for (const payment of attempt.filter((p) => p.type === PaymentType.GIFTCARD)) {
      expect(payment.giftcardId).not.toBeNull();
    }
  }

  async function checkOrder(checkoutId: string, basketTotalMinor: number, discountMinor: number, figures: Figures) {
    const [order] = await t.db.select().from(schema.order).where(eq(schema.order.checkoutId, checkoutId));
    if (!order) return;
    expect({
      basketTotalMinor: order.basketTotalMinor,
      discountMinor: order.discountMinor,
      totalMinor: order.totalMinor,
    }).toEqual({
      basketTotalMinor,
      discountMinor,
      totalMinor: orderTotal({ basketTotalMinor, discountMinor, deliveryFeeMinor: order.deliveryFeeMinor }),
    });
    expect(order.totalMinor).toBeGreaterThanOrEqual(0);
    figures.orders.add(order.id);
  }

  type Figures = {
    payloads: number;
    refused4xx: number;
    accepted: number;
    lines: Set<string>;
    checks: number;
    attempts: Set<string>;
    orders: Set<string>;
  };

  test(`${PAYLOADS} forged payloads: no 5xx, bad input 4xx, every stored total the domain's recomputation`, async () => {
    const started = Date.now();
    const figures: Figures = {
      payloads: 0,
      refused4xx: 0,
      accepted: 0,
      lines: new Set(),
      checks: 0,
      attempts: new Set(),
      orders: new Set(),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb(products), { minLength: OPS_PER_SCENARIO, maxLength: OPS_PER_SCENARIO }),
        async (ops) => {
          if (figures.payloads >= PAYLOADS) return;
          // Cards full again, so each scenario can draw on them.
          for (const code of ["GAVE-100", "GAVE-500"]) {
            const [card] = await t.db.select().from(schema.giftcard).where(eq(schema.giftcard.code, code));
            if (card) await setGiftcardBalance(t, card.id, code === "GAVE-100" ? 10_000 : 50_000);
          }
          const ids = await newCheckout();
          for (const op of ops) {
            if (figures.payloads >= PAYLOADS) break;
            const sent = await send(op, ids);
            if (!sent) continue;
            figures.payloads++;
            const { res, neverValid } = sent;
            expect(res.statusCode, `${JSON.stringify(op)} → ${res.body}`).toBeLessThan(500);
            if (neverValid) expect(res.statusCode, `${JSON.stringify(op)} → ${res.body}`).toBeGreaterThanOrEqual(400);
            if (res.statusCode >= 400) figures.refused4xx++;
            else figures.accepted++;
            await checkStored(ids, figures);
            figures.checks++;
          }
        },
      ),
      // Some steps send nothing (no line to change, no payment waiting): a few runs more reach PAYLOADS.
      { numRuns: Math.ceil((PAYLOADS * 1.3) / OPS_PER_SCENARIO), endOnFailure: true },
    );
    console.log(
      `tampering ${kind}: ${figures.payloads} forged payloads, ${figures.refused4xx} refused 4xx, ${figures.accepted} accepted, 0 5xx; ` +
        `${figures.checks} checks after them: ${figures.lines.size} stored lines, ${figures.attempts.size} payment attempts and ${figures.orders.size} orders equal to the domain's ` +
        `recomputation, none below 0; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(figures.payloads).toBe(PAYLOADS);
    expect(figures.orders.size).toBeGreaterThan(0);
  }, 900_000);
});

type OptionRow = Awaited<ReturnType<typeof findProductOptions>>[number];

/** Catalogue rows → the domain's rules, as the basket prices them: a choice costs overwritePrice ?? defaultPrice. */
function toRules(rows: OptionRow[]): ModifierRule[] {
  const byModifier = new Map<number, ModifierRule>();
  for (const row of rows) {
    let rule = byModifier.get(row.modifierId);
    if (!rule) {
      rule = {
        modifierId: row.modifierId,
        maxChoices: row.maxChoices,
        choicesIncluded: row.choicesIncluded,
        choices: [],
      };
      byModifier.set(row.modifierId, rule);
    }
    if (row.choiceId === null || row.defaultPriceMinor === null) continue;
    rule.choices.push({
      choiceId: row.choiceId,
      priceMinor: row.overwritePriceMinor ?? row.defaultPriceMinor,
      freeAmount: row.freeAmount ?? 0,
    });
  }
  return [...byModifier.values()];
}

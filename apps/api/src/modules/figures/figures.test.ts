/**
 * The figures add up: orders generated with a seeded random generator (days around the autumn daylight-saving
 * change, every hour, each payment method, discounts, gift cards, rejections, refunds on later days) are written
 * straight into the tables, and every figure is checked against a model computed from the generated orders
 * themselves; then against each other (hours and methods sum to the totals, lines to the orders, the CSV files
 * to the JSON). A few orders placed through the guest's API check that real orders keep the same sums.
 */
import { randomUUID } from "node:crypto";
import type { EndOfDayReport, Figures } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { addDays, localParts, PaymentState, PaymentType, toMinor, zonedTimeToUtc } from "@app/domain";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { type FixtureOptions, pay, preparedCheckout, pressTestButton } from "../../testing/order-fixtures";
import { useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const ZONE = "Europe/Copenhagen";
const FIRST_DAY = "2026-10-23";
const LAST_DAY = "2026-10-27"; // 2026-10-25 has 25 hours: 02:00–03:00 runs twice
const DAYS = [FIRST_DAY, "2026-10-24", "2026-10-25", "2026-10-26", LAST_DAY];

type Method = "card" | "mobilepay" | "pickup" | "test" | "giftcard" | "giftcard+card";
type GeneratedLine = { product: number; amount: number; unitPriceMinor: number };
type GeneratedOrder = {
  atMs: number;
  lines: GeneratedLine[];
  discountPercent: number;
  deliveryFeeMinor: number;
  method: Method;
  staleAttempt: boolean;
  rejected: boolean;
  refunds: { afterHours: number; percent: number }[];
  guestName: string;
};

/** A placed order as the model sees it: its local date and hour, money in øre. */
type ModelOrder = GeneratedOrder & {
  id: string;
  receiptNumber: number;
  date: string;
  hour: number;
  basketMinor: number;
  discountMinor: number;
  totalMinor: number;
  payments: { method: "card" | "mobilepay" | "pickup" | "test" | "giftcard"; amountMinor: number }[];
  refundRows: { at: Date; amountMinor: number }[];
};

const rangeStartMs = zonedTimeToUtc(FIRST_DAY, 0, ZONE).getTime();
const rangeEndMs = zonedTimeToUtc(addDays(LAST_DAY, 1), 0, ZONE).getTime();

/** An order without its rejection: one in ten is rejected (a tuple's roll), not one in two. */
const generatedOrder = (productCount: number): fc.Arbitrary<Omit<GeneratedOrder, "rejected">> =>
  fc.record({
    atMs: fc.integer({ min: rangeStartMs, max: rangeEndMs - 1 }),
    lines: fc.array(
      fc.record({
        product: fc.integer({ min: 0, max: productCount - 1 }),
        amount: fc.integer({ min: 1, max: 4 }),
        unitPriceMinor: fc.integer({ min: 500, max: 30_000 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 5, max: 100 })),
    deliveryFeeMinor: fc.constantFrom(0, 0, 2900),
    method: fc.constantFrom<Method>("card", "mobilepay", "pickup", "test", "giftcard", "giftcard+card"),
    staleAttempt: fc.boolean(),
    refunds: fc.array(
      fc.record({ afterHours: fc.integer({ min: 0, max: 80 }), percent: fc.integer({ min: 1, max: 50 }) }),
      { maxLength: 2 },
    ),
    guestName: fc.constantFrom("Mette Hansen", "Søren Ærø", '=HYPERLINK("x")', 'Jens, "Bo"', "@SUM(1)"),
  });

let manager: AdminSession;
let staff: AdminSession;
let products: { id: number; isGiftcard: boolean }[];
let model: ModelOrder[];

beforeAll(async () => {
  const unitId = t.restaurantA.module.productionUnitId;
  const organisationId = await organisationOf(t.db, unitId);
  manager = await signInAs(t.db, { organisationId, role: "manager", productionUnitIds: [unitId], now: clock.now() });
  staff = await signInAs(t.db, { organisationId, role: "staff", productionUnitIds: [unitId], now: clock.now() });
  products = await restaurantProducts();
  const generated = fc.sample(fc.tuple(generatedOrder(products.length), fc.integer({ min: 0, max: 9 })), {
    seed: 4545,
    numRuns: 160,
  });
  model = generated.map(([order, roll], index) => toModel({ ...order, rejected: roll === 0 }, index));
  await insertOrders(model);
});

/** Eight ordinary products of restaurant A and both of its gift cards. */
async function restaurantProducts() {
  const rows = await t.db
    .select({ id: schema.product.id, isGiftcard: schema.product.isGiftcard })
    .from(schema.product)
    .where(eq(schema.product.productInstanceId, t.restaurantA.module.productInstanceId))
    .orderBy(schema.product.id);
  const giftcards = rows.filter((row) => row.isGiftcard);
  expect(giftcards.length).toBeGreaterThan(0);
  return [...rows.filter((row) => !row.isGiftcard).slice(0, 8), ...giftcards];
}

function toModel(order: GeneratedOrder, index: number): ModelOrder {
  const at = new Date(order.atMs);
  const { date, hour } = localParts(at, ZONE);
  const basketMinor = order.lines.reduce((sum, line) => sum + line.amount * line.unitPriceMinor, 0);
  const discountMinor = Math.floor((basketMinor * order.discountPercent) / 100);
  const totalMinor = Math.max(0, basketMinor - discountMinor) + order.deliveryFeeMinor;
  const giftcardPart = Math.floor(totalMinor / 3);
  const payments: ModelOrder["payments"] =
    order.method === "giftcard"
      ? [{ method: "giftcard", amountMinor: totalMinor }]
      : order.method === "giftcard+card"
        ? [
            { method: "giftcard", amountMinor: giftcardPart },
            { method: "card", amountMinor: totalMinor - giftcardPart },
          ]
        : [{ method: order.method, amountMinor: totalMinor }];
  const refundRows = order.refunds
    .map((refund) => ({
      at: new Date(order.atMs + refund.afterHours * 3_600_000),
      amountMinor: Math.floor((totalMinor * refund.percent) / 100),
    }))
    .filter((refund) => refund.amountMinor > 0);
  return {
    ...order,
    id: randomUUID(),
    receiptNumber: 900_000 + index,
    date,
    hour,
    basketMinor,
    discountMinor,
    totalMinor,
    payments,
    refundRows,
  };
}

const PAYMENT_ROW = {
  card: { type: PaymentType.ONLINE, method: "card", isTest: false, state: PaymentState.CAPTURED },
  mobilepay: { type: PaymentType.ONLINE, method: "mobilepay", isTest: false, state: PaymentState.AUTHORIZED },
  test: { type: PaymentType.ONLINE, method: "card", isTest: true, state: PaymentState.AUTHORIZED },
  pickup: { type: PaymentType.UNPAID, method: "pickup", isTest: false, state: PaymentState.CREATED },
  giftcard: { type: PaymentType.GIFTCARD, method: "giftcard", isTest: false, state: PaymentState.CAPTURED },
} as const;

/** Writes the orders as finalize and the kitchen write them, in a handful of inserts. */
async function insertOrders(orders: ModelOrder[]) {
  const module = t.restaurantA.module;
  const base = { productionUnitId: module.productionUnitId, moduleId: module.id };
  const checkoutIds = orders.map(() => randomUUID());
  await t.db
    .insert(schema.checkout)
    .values(orders.map((_, i) => ({ ...base, id: checkoutIds[i]!, checkoutInstanceId: module.checkoutInstanceId })));
  await t.db.insert(schema.order).values(
    orders.map((order, i) => ({
      ...base,
      id: order.id,
      checkoutId: checkoutIds[i]!,
      receiptNumber: order.receiptNumber,
      externalId: `F-${order.receiptNumber}`,
      orderReadyTime: new Date(order.atMs + 1_800_000),
      itemCount: order.lines.reduce((sum, line) => sum + line.amount, 0),
      basketTotalMinor: order.basketMinor,
      discountMinor: order.discountMinor,
      deliveryFeeMinor: order.deliveryFeeMinor,
      isDelivery: order.deliveryFeeMinor > 0,
      totalMinor: order.totalMinor,
      guestName: order.guestName,
      createdAt: new Date(order.atMs),
    })),
  );
  await t.db.insert(schema.orderLine).values(
    orders.flatMap((order) =>
      order.lines.map((line) => ({
        orderId: order.id,
        productId: products[line.product]!.id,
        name: `Product ${products[line.product]!.id}`,
        amount: line.amount,
        unitPriceMinor: line.unitPriceMinor,
        totalMinor: line.amount * line.unitPriceMinor,
      })),
    ),
  );
  const discounted = orders.filter((order) => order.discountMinor > 0);
  if (discounted.length > 0) {
    await t.db
      .insert(schema.orderDiscount)
      .values(discounted.map((order) => ({ orderId: order.id, code: "FIGURES", amountMinor: order.discountMinor })));
  }
  await t.db.insert(schema.kitchenOrder).values(
    orders.map((order) => ({
      orderId: order.id,
      productionUnitId: base.productionUnitId,
      status: order.rejected ? ("rejected" as const) : ("picked-up" as const),
      readyTime: new Date(order.atMs + 1_800_000),
      createdAt: new Date(order.atMs),
    })),
  );
  await t.db.insert(schema.payment).values(
    orders.flatMap((order, i) => {
      const attempt = order.staleAttempt ? 2 : 1;
      const rows = order.payments.map((payment) => ({
        ...PAYMENT_ROW[payment.method],
        checkoutId: checkoutIds[i]!,
        productionUnitId: base.productionUnitId,
        amountMinor: payment.amountMinor,
        provider: "test",
        attempt,
      }));
      // An earlier attempt the guest gave up on: it never paid the order, so it must not count.
      const stale = { ...PAYMENT_ROW.card, state: PaymentState.CANCELLED, attempt: 1, amountMinor: order.totalMinor };
      return order.staleAttempt
        ? [
            ...rows,
            { ...stale, checkoutId: checkoutIds[i]!, productionUnitId: base.productionUnitId, provider: "test" },
          ]
        : rows;
    }),
  );
  const refunds = orders.flatMap((order) =>
    order.refundRows.map((refund) => ({
      orderId: order.id,
      amountMinor: refund.amountMinor,
      kind: "amount" as const,
      reason: "figures test",
      createdAt: refund.at,
    })),
  );
  if (refunds.length > 0) await t.db.insert(schema.orderRefund).values(refunds);
}

// ── The model: what each figure should be, straight from the generated orders ─────────────────────────

const inDays = (date: string, from: string, to: string) => date >= from && date <= to;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expected(from: string, to: string) {
  const placed = model.filter((order) => inDays(order.date, from, to));
  const counted = placed.filter((order) => !order.rejected);
  const refunds = model
    .filter((order) => !order.rejected)
    .flatMap((order) => order.refundRows)
    .filter((refund) => inDays(localParts(refund.at, ZONE).date, from, to));
  const giftcardLines = counted.flatMap((order) => order.lines).filter((line) => products[line.product]!.isGiftcard);
  const methods = new Map<string, { orders: number; amount: number }>();
  for (const order of counted) {
    for (const method of new Set(order.payments.map((payment) => payment.method))) {
      const entry = methods.get(method) ?? { orders: 0, amount: 0 };
      entry.orders += 1;
      entry.amount += sum(order.payments.filter((p) => p.method === method).map((p) => p.amountMinor));
      methods.set(method, entry);
    }
  }
  return {
    orders: counted.length,
    salesMinor: sum(counted.map((order) => order.totalMinor)),
    discountsMinor: sum(counted.map((order) => order.discountMinor)),
    refunds: { count: refunds.length, amountMinor: sum(refunds.map((refund) => refund.amountMinor)) },
    rejected: {
      orders: placed.length - counted.length,
      amountMinor: sum(placed.filter((o) => o.rejected).map((o) => o.totalMinor)),
    },
    giftcardsSold: {
      count: sum(giftcardLines.map((line) => line.amount)),
      amountMinor: sum(giftcardLines.map((l) => l.amount * l.unitPriceMinor)),
    },
    byHour: Array.from({ length: 24 }, (_, hour) => {
      const ofHour = counted.filter((order) => order.hour === hour);
      return { hour, orders: ofHour.length, salesMinor: sum(ofHour.map((order) => order.totalMinor)) };
    }),
    methods,
    linesMinor: sum(counted.map((order) => order.basketMinor)),
  };
}

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────────

const base = () => `/api/admin/restaurants/${t.restaurantA.module.productionUnitId}/figures`;
const get = (path: string, session = manager) => t.request({ method: "GET", url: path, headers: session.readHeaders });

async function figures(from: string, to: string): Promise<Figures> {
  const res = await get(`${base()}?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Figures>();
}

/** RFC 4180 records of our own files (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [[]];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[i++];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      records.at(-1)!.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      records.at(-1)!.push(field);
      field = "";
      records.push([]);
      i++;
    } else field += char;
  }
  const [header, ...rows] = records.filter((record) => record.length > 0);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

async function csv(kind: "orders" | "lines", from: string, to: string) {
  const res = await get(`${base()}/${kind}.csv?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parseCsv(res.body.replace(/^\uFEFF/, "")) };
}

const minorOf = (dkk: number) => toMinor(dkk);
const csvMinor = (rows: Record<string, string>[], column: string) =>
  sum(rows.filter((row) => row.counted === "yes").map((row) => toMinor(Number(row[column]))));

// ── Tests ─────────────────────────────────────────────────────────────────────────────────────────────

describe("the figures add up on generated orders", () => {
  const ranges: [string, string][] = [[FIRST_DAY, LAST_DAY], ...DAYS.map((day): [string, string] => [day, day])];

  test.each(ranges)("%s to %s: every figure equals the model of the generated orders", async (from, to) => {
    const got = await figures(from, to);
    const want = expected(from, to);
    expect(got.orders).toBe(want.orders);
    expect(minorOf(got.sales)).toBe(want.salesMinor);
    expect(minorOf(got.discounts)).toBe(want.discountsMinor);
    expect({ count: got.refunds.count, amountMinor: minorOf(got.refunds.amount) }).toEqual(want.refunds);
    expect(minorOf(got.netSales)).toBe(want.salesMinor - want.refunds.amountMinor);
    expect({ orders: got.rejected.orders, amountMinor: minorOf(got.rejected.amount) }).toEqual(want.rejected);
    expect(got.giftcards.soldCount).toBe(want.giftcardsSold.count);
    expect(minorOf(got.giftcards.soldAmount)).toBe(want.giftcardsSold.amountMinor);
    expect(minorOf(got.giftcards.redeemedAmount)).toBe(want.methods.get("giftcard")?.amount ?? 0);
    expect(got.byHour.map((h) => ({ hour: h.hour, orders: h.orders, salesMinor: minorOf(h.sales) }))).toEqual(
      want.byHour,
    );
    expect(
      Object.fromEntries(got.byMethod.map((m) => [m.method, { orders: m.orders, amount: minorOf(m.amount) }])),
    ).toEqual(Object.fromEntries(want.methods));
    expect(got.averageOrder).toBe(want.orders === 0 ? 0 : Math.round(want.salesMinor / want.orders) / 100);
  });

  test("hours and payment methods sum to the totals, lines to the orders", async () => {
    const got = await figures(FIRST_DAY, LAST_DAY);
    expect(sum(got.byHour.map((h) => h.orders))).toBe(got.orders);
    expect(sum(got.byHour.map((h) => minorOf(h.sales)))).toBe(minorOf(got.sales));
    expect(sum(got.byMethod.map((m) => minorOf(m.amount)))).toBe(minorOf(got.sales));
    // Every product fits in the top ten, so the list is every line of the counted orders.
    expect(products.length).toBeLessThanOrEqual(10);
    expect(sum(got.topBySales.map((p) => minorOf(p.sales)))).toBe(expected(FIRST_DAY, LAST_DAY).linesMinor);
    expect(sum(got.topByQuantity.map((p) => p.quantity))).toBe(sum(got.topBySales.map((p) => p.quantity)));
  });

  test("the days' figures add up to the range's (no order lost or counted twice at a day's edge)", async () => {
    const range = await figures(FIRST_DAY, LAST_DAY);
    const days = [];
    for (const day of DAYS) days.push(await figures(day, day));
    expect(sum(days.map((d) => d.orders))).toBe(range.orders);
    expect(sum(days.map((d) => minorOf(d.sales)))).toBe(minorOf(range.sales));
    expect(sum(days.map((d) => minorOf(d.refunds.amount)))).toBe(minorOf(range.refunds.amount));
  });

  test("the CSV files' totals equal the JSON, rejected orders marked not counted", async () => {
    const json = await figures(FIRST_DAY, LAST_DAY);
    const orders = await csv("orders", FIRST_DAY, LAST_DAY);
    expect(orders.rows).toHaveLength(json.orders + json.rejected.orders);
    expect(orders.rows.filter((row) => row.counted === "yes")).toHaveLength(json.orders);
    expect(csvMinor(orders.rows, "total_dkk")).toBe(minorOf(json.sales));
    expect(csvMinor(orders.rows, "discount_dkk")).toBe(minorOf(json.discounts));
    const lines = await csv("lines", FIRST_DAY, LAST_DAY);
    expect(csvMinor(lines.rows, "line_total_dkk")).toBe(sum(json.topBySales.map((p) => minorOf(p.sales))));
    expect(csvMinor(orders.rows, "basket_total_dkk")).toBe(csvMinor(lines.rows, "line_total_dkk"));
  });
});

describe("the day of the autumn clock change (2026-10-25, 25 hours)", () => {
  const at = (iso: string) => new Date(iso).getTime();
  const instants = {
    firstMinute: at("2026-10-24T22:00:00Z"), // 00:00 CEST on the 25th
    twoThirtySummer: at("2026-10-25T00:30:00Z"), // 02:30 CEST
    twoThirtyWinter: at("2026-10-25T01:30:00Z"), // 02:30 CET: the same hour of the clock, an hour later
    lastMinute: at("2026-10-25T22:59:00Z"), // 23:59 CET on the 25th
    nextDay: at("2026-10-25T23:00:00Z"), // 00:00 CET on the 26th
  };

  test("the model places these instants where the restaurant's clock does", () => {
    expect(localParts(new Date(instants.firstMinute), ZONE)).toMatchObject({ date: "2026-10-25", hour: 0 });
    expect(localParts(new Date(instants.twoThirtySummer), ZONE)).toMatchObject({ date: "2026-10-25", hour: 2 });
    expect(localParts(new Date(instants.twoThirtyWinter), ZONE)).toMatchObject({ date: "2026-10-25", hour: 2 });
    expect(localParts(new Date(instants.lastMinute), ZONE)).toMatchObject({ date: "2026-10-25", hour: 23 });
    expect(localParts(new Date(instants.nextDay), ZONE)).toMatchObject({ date: "2026-10-26", hour: 0 });
  });

  test("both runs of 02:00–03:00 fall in hour 2, and the day's first and last minutes in hours 0 and 23", async () => {
    const before = await figures("2026-10-25", "2026-10-25");
    const extra = Object.values(instants).map((atMs, i) =>
      toModel(
        {
          atMs,
          lines: [{ product: 0, amount: 1, unitPriceMinor: 10_000 + i }],
          discountPercent: 0,
          deliveryFeeMinor: 0,
          method: "card",
          staleAttempt: false,
          rejected: false,
          refunds: [],
          guestName: "DST",
        },
        1000 + i,
      ),
    );
    await insertOrders(extra);
    model.push(...extra);
    const after = await figures("2026-10-25", "2026-10-25");
    const added = (hour: number) => after.byHour[hour]!.orders - before.byHour[hour]!.orders;
    expect([added(0), added(2), added(23)]).toEqual([1, 2, 1]);
    expect(after.orders - before.orders).toBe(4);
    expect(sum(after.byHour.map((h) => h.orders))).toBe(after.orders);
    const orders = await csv("orders", "2026-10-25", "2026-10-25");
    const times = orders.rows.filter((row) => row.guest_name === "DST").map((row) => row.placed_local);
    expect(times).toEqual(["2026-10-25 00:00:00", "2026-10-25 02:30:00", "2026-10-25 02:30:00", "2026-10-25 23:59:00"]);
  });
});

/** An order of restaurant A placed through the guest's payment and order API. */
async function placeOrder(paidBy: "pickup" | "card" | "giftcard", options: FixtureOptions = {}) {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, options);
  const res = await pay(t, checkoutId, { paymentMethods: paidBy === "pickup" ? "pickup" : "card" });
  expect(res.statusCode, res.body).toBe(200);
  if (paidBy === "card") expect((await pressTestButton(t, res.json().id, "approve")).statusCode).toBe(303);
  const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
  expect(checkout?.orderId, "the order was placed").toBeTruthy();
}

describe("orders placed through the guest's API", () => {
  test("their payments sum to the sales, and their lines to the basket totals", async () => {
    const today = localParts(clock.now(), ZONE).date;
    await placeOrder("pickup");
    await placeOrder("card");
    // The gift card pays the whole order (the fixture's basket: one burger, 119 kr.).
    await placeOrder("giftcard", { giftcards: [{ code: "GAVE-500", amountMinor: 11900 }] });
    const got = await figures(today, today);
    expect(got.orders).toBe(3);
    expect(sum(got.byMethod.map((m) => minorOf(m.amount)))).toBe(minorOf(got.sales));
    expect(got.byMethod.find((m) => m.method === "giftcard")?.amount).toBe(119);
    expect(got.giftcards.redeemedAmount).toBe(119);
    const orders = await csv("orders", today, today);
    const lines = await csv("lines", today, today);
    expect(csvMinor(lines.rows, "line_total_dkk")).toBe(csvMinor(orders.rows, "basket_total_dkk"));
    expect(csvMinor(orders.rows, "total_dkk")).toBe(minorOf(got.sales));
  });

  test("the end-of-day report is today's figures with the restaurant's name and receipt numbers", async () => {
    const res = await get(`${base()}/end-of-day`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<EndOfDayReport>();
    const today = localParts(clock.now(), ZONE).date;
    expect(report.date).toBe(today);
    expect(report.figures).toEqual(await figures(today, today));
    expect(report.restaurant.name).not.toBe("");
    expect(report.receiptNumbers!.last - report.receiptNumbers!.first).toBe(report.figures.orders - 1);
  });
});

describe("requests", () => {
  test("the CSV is UTF-8 with a BOM, named for the restaurant and dates, formulas guarded", async () => {
    const { res, rows } = await csv("orders", FIRST_DAY, LAST_DAY);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename=".*orders-${FIRST_DAY}-to-${LAST_DAY}\\.csv"; filename\\*=UTF-8''`),
    );
    const names = new Set(rows.map((row) => row.guest_name));
    expect(names).toContain("Søren Ærø");
    expect(names).toContain('\'=HYPERLINK("x")');
    expect(names).toContain("'@SUM(1)");
    expect(names).toContain('Jens, "Bo"');
    expect(rows[0]!.placed_local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test("a range longer than 366 days, or ending before it starts, is 422 on `to`", async () => {
    for (const query of ["from=2026-01-01&to=2027-01-02", "from=2026-10-25&to=2026-10-24"]) {
      const res = await get(`${base()}?${query}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0].field).toBe("to");
    }
    expect((await get(`${base()}?from=2026-01-01&to=2027-01-01`)).statusCode).toBe(200);
    expect((await get(`${base()}?from=2026-02-30`)).statusCode).toBe(400);
  });

  test("a date before year 100 is read as written (not as 19xx): a range from it is answered, never a 500", async () => {
    const long = await get(`${base()}?from=0001-01-01&to=9999-12-31`);
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().errors[0].field).toBe("to");
    const early = await get(`${base()}?from=0099-12-31&to=0100-01-01`);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json<Figures>()).toMatchObject({ from: "0099-12-31", to: "0100-01-01" });
    expect((await get(`${base()}?from=0000-01-01`)).statusCode).toBe(400);
  });

  test("staff of the restaurant may not read its figures (403)", async () => {
    expect((await get(base(), staff)).statusCode).toBe(403);
    expect((await get(`${base()}/orders.csv`, staff)).statusCode).toBe(403);
  });
});

test("the generated orders hold the cases the model must tell apart", () => {
  // Without these the tests above could pass without ever meeting a rejected order's refund (not a refund: the
  // rejected figure holds that money), a refund on a later day, a stale payment attempt or
  // any payment method (the clock change's repeated hour has its own test below).
  expect(model.some((order) => order.rejected && order.refundRows.length > 0)).toBe(true);
  expect(model.some((o) => o.refundRows.some((r) => localParts(r.at, ZONE).date !== o.date))).toBe(true);
  expect(model.some((order) => order.staleAttempt && !order.rejected)).toBe(true);
  expect(new Set(model.map((order) => order.method)).size).toBe(6);
});

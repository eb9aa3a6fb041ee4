/**
 * Test fixtures of payment, order and receipt: a checkout ready to pay written straight into the
 * database (basket with lines, guest information, pickup time, gift cards, discount), so these tests
 * do not depend on the checkout API; and small callers for the payment and order endpoints.
 */
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import { PaymentState } from "@app/domain";
import { createDeps } from "../app";
import type { Deps } from "../deps";
import type { PaymentProvider } from "../modules/payment/providers/provider";
import {
  FORM_TOKEN_FIELD,
  testPaymentFormToken,
  testPaymentProvider,
} from "../modules/payment/providers/test-provider";
import type { DemoRestaurant, TestApp } from "./test-app";

export type FixtureLine = {
  /** Seed key of a product (its internalName), e.g. "classic-burger". */
  product: string;
  amount: number;
  choices?: { name: string; priceMinor: number; amount?: number }[];
};

export type FixtureOptions = {
  lines?: FixtureLine[];
  /** Default: the next full hour after the test clock. null: not chosen. */
  orderReadyTime?: Date | null;
  guest?: { name?: string | null; phone?: string | null; email?: string | null };
  giftcards?: { code: string; amountMinor: number }[];
  discount?: { code: string; amountMinor: number };
};

export const DEFAULT_GUEST = { name: "Mette Hansen", phone: "12345678", email: "mette@example.dk" };

/** The next full hour at least 30 minutes after `now` (always a slot start at 15-minute intervals). */
export function slotAfter(now: Date): Date {
  const hour = 3_600_000;
  return new Date(Math.ceil((now.getTime() + 30 * 60_000) / hour) * hour);
}

export async function productRow(t: TestApp, restaurant: DemoRestaurant, key: string) {
  const rows = await t.db
    .select()
    .from(schema.product)
    .where(
      and(
        eq(schema.product.internalName, key),
        eq(schema.product.productInstanceId, restaurant.module.productInstanceId),
      ),
    );
  if (!rows[0]) throw new Error(`test: no product ${key}`);
  return rows[0];
}

export async function giftcardRow(t: TestApp, restaurant: DemoRestaurant, code: string) {
  const rows = await t.db
    .select()
    .from(schema.giftcard)
    .where(
      and(
        eq(schema.giftcard.code, code),
        eq(schema.giftcard.giftcardInstanceId, restaurant.module.giftcardInstanceId!),
      ),
    );
  if (!rows[0]) throw new Error(`test: no gift card ${code}`);
  return rows[0];
}

export async function setGiftcardBalance(t: TestApp, id: number, balanceMinor: number) {
  await t.db.update(schema.giftcard).set({ balanceMinor }).where(eq(schema.giftcard.id, id));
}

/** Restaurant A's demo gift card GAVE-500 with its full 500 kr. again (earlier tests drew on it). */
export async function refilledDemoGiftcard(t: TestApp) {
  const card = await giftcardRow(t, t.restaurantA, "GAVE-500");
  await setGiftcardBalance(t, card.id, 50000);
  return card;
}

export async function setItemsPerSlot(t: TestApp, restaurant: DemoRestaurant, itemsPerSlot: number) {
  await t.db
    .update(schema.capacityInstance)
    .set({ itemsPerSlot })
    .where(eq(schema.capacityInstance.id, restaurant.module.capacityInstanceId));
}

export async function setSetting(t: TestApp, restaurant: DemoRestaurant, name: string, value: unknown) {
  await t.db
    .insert(schema.appSetting)
    .values({ moduleId: restaurant.module.id, name, value })
    .onConflictDoUpdate({ target: [schema.appSetting.moduleId, schema.appSetting.name], set: { value } });
}

export async function checkoutRow(t: TestApp, id: string) {
  const rows = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, id));
  return rows[0]!;
}

export async function paymentsOf(t: TestApp, checkoutId: string) {
  return t.db.select().from(schema.payment).where(eq(schema.payment.checkoutId, checkoutId));
}

/** A checkout ready to pay: basket linked, guest information and pickup time set. */
export async function preparedCheckout(
  t: TestApp,
  restaurant: DemoRestaurant = t.restaurantA,
  options: FixtureOptions = {},
): Promise<{ checkoutId: string; basketId: string; totalMinor: number }> {
  const lines = options.lines ?? [{ product: "classic-burger", amount: 1 }];
  const { basketId, basketTotal } = await insertFixtureBasket(t, restaurant, lines);
  const checkoutId = await insertFixtureCheckout(t, restaurant, basketId, options);
  const discountMinor = options.discount ? await insertFixtureDiscount(t, restaurant, checkoutId, options.discount) : 0;
  await insertFixtureGiftcards(t, restaurant, checkoutId, options.giftcards ?? []);
  return { checkoutId, basketId, totalMinor: Math.max(0, basketTotal - discountMinor) };
}

/** A basket of the restaurant's unit holding the lines, priced from the seed; answers its total in øre. */
async function insertFixtureBasket(t: TestApp, restaurant: DemoRestaurant, lines: FixtureLine[]) {
  const productionUnitId = restaurant.module.productionUnitId;
  const [basket] = await t.db.insert(schema.basket).values({ productionUnitId, createdAt: t.clock.now() }).returning();
  let basketTotal = 0;
  for (const line of lines) basketTotal += await insertFixtureLine(t, restaurant, basket!.id, line);
  return { basketId: basket!.id, basketTotal };
}

/** One basket line with its choices; answers the line's total in øre. */
async function insertFixtureLine(t: TestApp, restaurant: DemoRestaurant, basketId: string, line: FixtureLine) {
  const product = await productRow(t, restaurant, line.product);
  const choicesMinor = (line.choices ?? []).reduce((sum, c) => sum + c.priceMinor * (c.amount ?? 1), 0);
  const unit = product.priceMinor + choicesMinor;
  const [item] = await t.db
    .insert(schema.basketItem)
    .values({
      basketId,
      productId: product.id,
      name: product.name["da-DK"] ?? line.product,
      amount: line.amount,
      productPriceMinor: product.priceMinor,
      priceMinor: unit,
      totalPriceMinor: unit * line.amount,
    })
    .returning();
  for (const choice of line.choices ?? []) await insertFixtureChoice(t, restaurant, item!.id, choice);
  return unit * line.amount;
}

/** A line's choice, under any choice and modifier of the restaurant (only its name, amount and price matter). */
async function insertFixtureChoice(
  t: TestApp,
  restaurant: DemoRestaurant,
  basketItemId: string,
  choice: NonNullable<FixtureLine["choices"]>[number],
) {
  const [anyChoice] = await t.db
    .select()
    .from(schema.choice)
    .where(eq(schema.choice.productInstanceId, restaurant.module.productInstanceId))
    .limit(1);
  const [anyModifier] = await t.db
    .select()
    .from(schema.modifier)
    .where(eq(schema.modifier.productInstanceId, restaurant.module.productInstanceId))
    .limit(1);
  await t.db.insert(schema.basketItemChoice).values({
    basketItemId,
    choiceId: anyChoice!.id,
    modifierId: anyModifier!.id,
    name: choice.name,
    amount: choice.amount ?? 1,
    priceMinor: choice.priceMinor,
  });
}

/** The OPEN checkout holding the basket, with guest information and pickup time. */
async function insertFixtureCheckout(
  t: TestApp,
  restaurant: DemoRestaurant,
  basketId: string,
  options: FixtureOptions,
): Promise<string> {
  const guest = { ...DEFAULT_GUEST, ...options.guest };
  const [checkout] = await t.db
    .insert(schema.checkout)
    .values({
      productionUnitId: restaurant.module.productionUnitId,
      moduleId: restaurant.module.id,
      checkoutInstanceId: restaurant.module.checkoutInstanceId,
      basketId,
      guestName: guest.name,
      guestPhone: guest.phone,
      guestEmail: guest.email,
      orderReadyTime: options.orderReadyTime === undefined ? slotAfter(t.clock.now()) : options.orderReadyTime,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  return checkout!.id;
}

/** Applies the restaurant's discount code with the given amount; answers that amount. */
async function insertFixtureDiscount(
  t: TestApp,
  restaurant: DemoRestaurant,
  checkoutId: string,
  discount: NonNullable<FixtureOptions["discount"]>,
): Promise<number> {
  const [code] = await t.db
    .select()
    .from(schema.discountCode)
    .where(
      and(
        eq(schema.discountCode.code, discount.code),
        eq(schema.discountCode.discountInstanceId, restaurant.module.discountInstanceId!),
      ),
    );
  await t.db.insert(schema.checkoutDiscount).values({
    checkoutId,
    discountCodeId: code!.id,
    code: code!.code,
    amountMinor: discount.amountMinor,
  });
  return discount.amountMinor;
}

async function insertFixtureGiftcards(
  t: TestApp,
  restaurant: DemoRestaurant,
  checkoutId: string,
  giftcards: NonNullable<FixtureOptions["giftcards"]>,
) {
  for (const card of giftcards) {
    const row = await giftcardRow(t, restaurant, card.code);
    await t.db
      .insert(schema.checkoutGiftcard)
      .values({ checkoutId, giftcardId: row.id, code: row.code, amountMinor: card.amountMinor });
  }
}

export type PayQuery = {
  moduleId?: number;
  continuationUrl?: string;
  cancellationUrl?: string;
  paymentMethods?: string;
  receiptEmail?: string;
  isTest?: string;
  language?: string;
};

/** POST /api/checkout/{id}/payment with shop URLs on localhost (restaurant A's host) by default. */
export function pay(t: TestApp, checkoutId: string, query: PayQuery = {}, restaurant: DemoRestaurant = t.restaurantA) {
  const host = restaurant === t.restaurantA ? "localhost" : "127.0.0.1";
  const params = new URLSearchParams({
    moduleId: String(query.moduleId ?? restaurant.module.id),
    continuationUrl: query.continuationUrl ?? `http://${host}:5173/payment/${checkoutId}`,
    cancellationUrl: query.cancellationUrl ?? `http://${host}:5173/checkout`,
  });
  for (const key of ["paymentMethods", "receiptEmail", "isTest", "language"] as const) {
    if (query[key] !== undefined) params.set(key, query[key]!);
  }
  return t.request({
    method: "POST",
    url: `/api/checkout/${checkoutId}/payment?${params}`,
    headers: restaurant.auth,
  });
}

/** What a browser's form post accepts. */
export const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/**
 * Presses a button on the test provider's hosted page as a browser does: posts the page form's hidden
 * field (its per-payment secret) form-urlencoded; `accept` as a browser sends it (BROWSER_ACCEPT), or
 * none like a script. A page no longer open has no forms: then the secret is the one a tab opened while
 * it was open still holds (the same for the payment's whole life).
 */
export async function pressTestButton(
  t: TestApp,
  paymentId: string,
  action: "approve" | "decline" | "cancel",
  accept?: string,
) {
  const formToken = (await hostedPageFormToken(t, paymentId)) ?? testPaymentFormToken(t.config.tokenSecret, paymentId);
  return t.request({
    method: "POST",
    url: `/api/payment/test/${paymentId}/${action}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...(accept ? { accept } : {}) },
    payload: new URLSearchParams({ [FORM_TOKEN_FIELD]: formToken }).toString(),
  });
}

/**
 * Follows a payment's `paymentUrl` as a browser does: our link (GET /payment/{id}/open) records the opening
 * and answers 303 to the provider's page; answers that page's URL.
 */
export async function followPaymentUrl(t: TestApp, paymentUrl: string): Promise<URL> {
  const link = new URL(paymentUrl);
  const opened = await t.request({ method: "GET", url: link.pathname + link.search });
  if (opened.statusCode !== 303 || !opened.headers.location)
    throw new Error(`${paymentUrl} answered ${opened.statusCode}, not 303 to the provider's page`);
  return new URL(String(opened.headers.location), link);
}

/** The hidden secret of the hosted page's forms, read from the page; undefined when it shows no form. */
export async function hostedPageFormToken(t: TestApp, paymentId: string): Promise<string | undefined> {
  const page = await t.request({ method: "GET", url: `/api/payment/test/${paymentId}` });
  return page.body.match(new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]*)"`))?.[1];
}

export function finalize(t: TestApp, checkoutId: string, restaurant: DemoRestaurant = t.restaurantA) {
  return t.request({ method: "POST", url: `/api/checkout/${checkoutId}/finalize`, headers: restaurant.auth });
}

/**
 * The state right after a provider's approval committed, as if the process died before finalize
 * ran: the waiting payment is AUTHORIZED, the checkout still PENDING without an order.
 */
export async function authorizeWithoutOrder(t: TestApp, paymentId: string) {
  const rows = await t.db
    .update(schema.payment)
    .set({ state: PaymentState.AUTHORIZED, updatedAt: t.clock.now() })
    .where(and(eq(schema.payment.id, paymentId), eq(schema.payment.state, PaymentState.CREATED)))
    .returning();
  if (rows.length !== 1) throw new Error(`test: payment ${paymentId} was not waiting`);
}

export async function refundsOf(t: TestApp, paymentId: string) {
  return t.db.select().from(schema.paymentRefund).where(eq(schema.paymentRefund.paymentId, paymentId));
}

/**
 * Services on the test app's database and clock, for tests that drive a service or the payment
 * sweeper directly, optionally with other payment providers (the demo modules use the one named "test").
 */
export function testDeps(t: TestApp, providers: PaymentProvider[] = [testPaymentProvider()]): Deps {
  return createDeps({
    db: t.db,
    changes: t.changes,
    config: t.config,
    now: t.clock.now,
    log: t.app.log,
    paymentProviders: providers,
  });
}

/**
 * As if the checkout's payment attempts were started before payments held kitchen capacity and
 * discount uses (payment/attempt-holds.ts): their hold rows are deleted, so finalize takes both
 * itself. The counters are left as they are; a test sets them.
 */
export async function withoutHolds(t: TestApp, checkoutId: string) {
  await t.db.delete(schema.paymentHold).where(eq(schema.paymentHold.checkoutId, checkoutId));
}

/** Kitchen units counted for the restaurant's slot (0 when nothing was ever counted there). */
export async function itemsUsed(t: TestApp, restaurant: DemoRestaurant, slotStart: Date): Promise<number> {
  const rows = await t.db
    .select()
    .from(schema.capacityUsage)
    .where(
      and(
        eq(schema.capacityUsage.capacityInstanceId, restaurant.module.capacityInstanceId),
        eq(schema.capacityUsage.slotStart, slotStart),
      ),
    );
  return rows[0]?.itemsUsed ?? 0;
}

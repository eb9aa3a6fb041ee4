/**
 * Test helpers of the checkout features: baskets written straight into the database (so the tests
 * control prices and age without depending on the basket API), and a checkout created via the API.
 */
import { schema } from "@app/db";
import { and, eq } from "@app/db/orm";
import type { DemoRestaurant, TestApp } from "./test-app";

export type Line = { product: string; amount: number };

/** The id of a demo product by its seed key (internalName) in the restaurant's catalogue. */
export async function productId(t: TestApp, restaurant: DemoRestaurant, internalName: string): Promise<number> {
  const rows = await t.db
    .select({ id: schema.product.id })
    .from(schema.product)
    .where(
      and(
        eq(schema.product.internalName, internalName),
        eq(schema.product.productInstanceId, restaurant.module.productInstanceId),
      ),
    );
  if (!rows[0]) throw new Error(`no product ${internalName}`);
  return rows[0].id;
}

/** A basket of the restaurant with the lines priced at the products' list prices. */
export async function insertBasket(
  t: TestApp,
  restaurant: DemoRestaurant,
  lines: Line[],
  createdAt: Date = t.clock.now(),
): Promise<string> {
  const [basket] = await t.db
    .insert(schema.basket)
    .values({ productionUnitId: restaurant.module.productionUnitId, createdAt })
    .returning();
  for (const line of lines) await insertLine(t, restaurant, basket!.id, line);
  return basket!.id;
}

/** A line written straight into a basket, priced at the product's list price (a basket changed behind a checkout). */
export async function insertLine(t: TestApp, restaurant: DemoRestaurant, basketId: string, line: Line): Promise<void> {
  const id = await productId(t, restaurant, line.product);
  const [found] = await t.db.select().from(schema.product).where(eq(schema.product.id, id));
  await t.db.insert(schema.basketItem).values({
    basketId,
    productId: id,
    name: line.product,
    amount: line.amount,
    productPriceMinor: found!.priceMinor,
    priceMinor: found!.priceMinor,
    totalPriceMinor: found!.priceMinor * line.amount,
  });
}

export async function createCheckout(t: TestApp, restaurant: DemoRestaurant): Promise<string> {
  const { checkoutInstanceId, id } = restaurant.module;
  const res = await t.request({
    method: "POST",
    url: `/api/checkout?instanceId=${checkoutInstanceId}&moduleId=${id}`,
    headers: restaurant.auth,
  });
  if (res.statusCode !== 200) throw new Error(`create checkout: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** A checkout with a freshly inserted basket linked. */
export async function checkoutWithBasket(t: TestApp, restaurant: DemoRestaurant, lines: Line[]) {
  const checkoutId = await createCheckout(t, restaurant);
  const basketId = await insertBasket(t, restaurant, lines);
  const res = await t.request({
    method: "POST",
    url: `/api/checkout/${checkoutId}/basket?basketId=${basketId}`,
    headers: restaurant.auth,
  });
  if (res.statusCode !== 200) throw new Error(`link basket: ${res.statusCode} ${res.body}`);
  return { checkoutId, basketId };
}

/** Items already promised in a slot of the restaurant's kitchen (ISO UTC slot start). */
export async function useCapacity(
  t: TestApp,
  restaurant: DemoRestaurant,
  slotStart: string,
  itemsUsed: number,
): Promise<void> {
  await t.db
    .insert(schema.capacityUsage)
    .values({ capacityInstanceId: restaurant.module.capacityInstanceId, slotStart: new Date(slotStart), itemsUsed });
}

export async function setCheckoutState(t: TestApp, checkoutId: string, state: number): Promise<void> {
  await t.db.update(schema.checkout).set({ state }).where(eq(schema.checkout.id, checkoutId));
}

export async function setAppSetting(t: TestApp, moduleId: number, name: string, value: unknown): Promise<void> {
  await t.db
    .insert(schema.appSetting)
    .values({ moduleId, name, value })
    .onConflictDoUpdate({ target: [schema.appSetting.moduleId, schema.appSetting.name], set: { value } });
}

/** The restaurant with a token issued at the clock's current time (tokens expire when tests move the clock far). */
export async function withFreshToken(t: TestApp, restaurant: DemoRestaurant): Promise<DemoRestaurant> {
  const res = await t.request({ method: "GET", url: `/api/token/${restaurant.module.productionUnitId}` });
  const { token } = res.json<{ token: string }>();
  return { ...restaurant, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * What a menu edit does to what guests hold (issue 45): a placed order keeps the names and prices it was placed
 * with; an open basket is re-priced and tells the guest the price it had; a basket being paid for is left alone;
 * a product an order names is archived, not deleted, and leaves the menu.
 */
import type { Basket, Category, MenuEditor, Order } from "@app/contracts";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import { CheckoutState } from "@app/domain";
import { describe, expect, test } from "vitest";
import { basketHelpers } from "../../../testing/basket-helpers";
import { productId, setCheckoutState } from "../../../testing/checkout-fixtures";
import { type FixtureLine, pay, preparedCheckout, setItemsPerSlot, setSetting } from "../../../testing/order-fixtures";
import { useTestApp } from "../../../testing/test-app";
import { menuEditorCalls, productUpdate } from "./testing";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const { member, read, save, product } = menuEditorCalls(() => t);
const basket = basketHelpers(() => t);
const A = () => t.restaurantA;

async function editPrice(id: number, priceMinor: number, name?: string) {
  const manager = await member("manager");
  const before = await product(manager, id);
  const change = name ? { priceMinor, name: { "da-DK": name, "en-US": name } } : { priceMinor };
  const res = await save(manager, "PUT", `/products/${id}`, productUpdate(before, change));
  expect(res.statusCode, res.body).toBe(200);
}

/** An order of restaurant A, paid at pickup, holding these lines; answers its id. */
async function placeOrder(lines: FixtureLine[]): Promise<string> {
  await setSetting(t, A(), "payAtPickup", true);
  await setItemsPerSlot(t, A(), 1000);
  const { checkoutId } = await preparedCheckout(t, A(), { lines });
  const res = await pay(t, checkoutId, { paymentMethods: "pickup" });
  expect(res.statusCode, res.body).toBe(200);
  const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
  return checkout!.orderId!;
}

async function readOrder(orderId: string): Promise<Order> {
  const res = await t.request({ method: "GET", url: `/api/order/${orderId}`, headers: A().auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function readBasket(id: string): Promise<Basket> {
  const res = await basket.get(id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function activeCategories(editor: MenuEditor): Promise<Category[]> {
  const menu = editor.menus.find((row) => row.active)!;
  const res = await t.request({
    method: "GET",
    url: `/api/category/menu/${menu.id}?instanceId=${A().module.menuInstanceId}`,
    headers: A().auth,
  });
  return res.json();
}

describe("a placed order", () => {
  test("keeps the name and price it was placed with after both are edited", async () => {
    const orderId = await placeOrder([{ product: "brownie", amount: 2 }]);
    const placed = await readOrder(orderId);
    const id = await productId(t, A(), "brownie");

    await editPrice(id, 9900, "Chokoladekage");

    const after = await readOrder(orderId);
    expect(after.products).toEqual(placed.products);
    expect(after.totalAmount).toBe(placed.totalAmount);
    expect(after.products[0]).toMatchObject({ productId: id, name: placed.products[0]!.name, amount: 2 });
  });

  test("naming a product makes its delete an archive: it stays on the order and leaves the menu", async () => {
    const orderId = await placeOrder([{ product: "cookie", amount: 1 }]);
    const placed = await readOrder(orderId);
    const id = await productId(t, A(), "cookie");
    const manager = await member("manager");

    const res = await save(manager, "DELETE", `/products/${id}`);
    expect(res.json()).toEqual({ result: "archived", id });

    expect(await readOrder(orderId)).toEqual(placed);
    const editor = await read(manager);
    expect(editor.products.map((row) => row.id)).not.toContain(id);
    expect((await read(manager, "?archived=true")).products.find((row) => row.id === id)?.archivedAt).toBeTruthy();
    const offered = (await activeCategories(editor)).flatMap((category) => category.products.map((p) => p.productId));
    expect(offered).not.toContain(id);
  });
});

describe("an open basket", () => {
  test("is re-priced by a price edit, tells the old price, and its total follows", async () => {
    const id = await productId(t, A(), "cola");
    const { id: basketId } = await basket.newBasket();
    await basket.added(basketId, { productId: id, amount: 2 });

    await editPrice(id, 3900);
    const repriced = await readBasket(basketId);
    expect(repriced.items[0]).toMatchObject({ price: 39, previousPrice: 35, totalPrice: 78 });
    expect(repriced.totalPrice).toBe(78);

    await editPrice(id, 4200);
    expect((await readBasket(basketId)).items[0]).toMatchObject({ price: 42, previousPrice: 35 });

    await editPrice(id, 3500);
    const back = (await readBasket(basketId)).items[0]!;
    expect(back.price).toBe(35);
    expect(back).not.toHaveProperty("previousPrice");
  });

  test("is re-priced when a choice it holds changes price", async () => {
    const burger = await productId(t, A(), "classic-burger");
    const bacon = await basket.option(burger, "Ekstra", "Bacon");
    const { id: basketId } = await basket.newBasket();
    const before = (
      await basket.added(basketId, {
        productId: burger,
        amount: 1,
        choices: [...(await basket.burgerBasics(burger)), bacon],
      })
    ).items[0]!;

    const manager = await member("manager");
    const choice = (await read(manager)).choices.find((row) => row.id === bacon.choiceId)!;
    const res = await save(manager, "PUT", `/choices/${choice.id}`, {
      name: choice.name,
      defaultPriceMinor: 1500,
      version: choice.version,
    });
    expect(res.statusCode, res.body).toBe(200);

    const line = (await readBasket(basketId)).items[0]!;
    expect(line.price).toBe(before.price + 3);
    expect(line.previousPrice).toBe(before.price);
    expect(line.choices.find((c) => c.choiceId === bacon.choiceId)?.price).toBe(15);
  });

  test("still reads, changes and prices a line of a product archived since it was added", async () => {
    const id = await productId(t, A(), "milkshake-vanilla");
    const { id: basketId } = await basket.newBasket();
    const line = (await basket.added(basketId, { productId: id, amount: 1 })).items[0]!;
    const manager = await member("manager");
    expect((await save(manager, "DELETE", `/products/${id}`)).json()).toEqual({ result: "archived", id });

    const changed = await basket.put(basketId, line.id, { productId: id, amount: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Basket>().items[0]).toMatchObject({ productId: id, amount: 2, totalPrice: line.price * 2 });
    const again = await basket.add(basketId, { productId: id, amount: 1 });
    expect(again.statusCode).toBe(404);
  });

  test("being paid for is left as it was", async () => {
    const { checkoutId, basketId } = await preparedCheckout(t, A(), { lines: [{ product: "beer", amount: 1 }] });
    await setCheckoutState(t, checkoutId, CheckoutState.PENDING);
    const before = await readBasket(basketId);

    await editPrice(await productId(t, A(), "beer"), 7700);

    expect(await readBasket(basketId)).toEqual(before);
  });
});

/**
 * Contract test from the client's side (issue 8): a client written from SPEC §3 and §7 alone, over
 * HTTP, knowing nothing but the host name `localhost` and what the answers give it. It sends back
 * the objects it read (basket items and choices as GET /basket/{id} answered them) and the calls as
 * §7 lists them (POST /context with a bare list of ids and no query), and goes the whole way: basket,
 * slots, discount, checkout, guest information, validation, payment approved on the provider's
 * hosted page (its HTML form submitted as a browser would, hidden fields and all), checkout DONE,
 * order with its receipt number. On PGlite and, when reachable, PostgreSQL.
 */
import { testDbKinds } from "@app/db/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseForms, submitForm } from "./testing/html-form";
import { followPaymentUrl } from "./testing/order-fixtures";
import { createClock, createTestApp, type TestApp } from "./testing/test-app";

/** SPEC §4 checkout states and payment status, as a client knows them. */
const CHECKOUT_DONE = 2;
const PAYMENT_AUTHORIZED = 128;

type Json = Record<string, unknown>;
type Translations = Record<string, string>;
type ModifierChoice = { choiceId: number; name: Translations; price: number; defaultChoiceAmount: number };
type ProductModifier = {
  modifierId: number;
  maxChoices: number;
  choicesIncluded: number;
  choices: ModifierChoice[];
};
type Product = { id: number; price: number; imageUrl: string; isGiftcard: boolean; modifiers: ProductModifier[] };
type BasketItem = {
  id: string;
  productId: number;
  amount: number;
  price: number;
  choices: { id: string; choiceId: number; modifierId: number; name: string; amount: number; price: number }[];
} & Json;
type Basket = { id: string; items: BasketItem[]; totalPrice: number };

/** SPEC §3 "Choice in basket" picks for a product, as a guest fills the option panel. */
function pickChoices(product: Product, blockedChoices: Set<number>) {
  const picked: { choiceId: number; modifierId: number; name: string; amount: number; price: number }[] = [];
  for (const group of product.modifiers) {
    const open = group.choices.filter((choice) => !blockedChoices.has(choice.choiceId));
    const amounts = new Map(open.map((choice) => [choice.choiceId, choice.defaultChoiceAmount]));
    const total = () => [...amounts.values()].reduce((sum, n) => sum + n, 0);
    // The included units first, then one extra where the group has room, so a priced option is sent too.
    for (const choice of open) if (total() < group.choicesIncluded) amounts.set(choice.choiceId, 1);
    const extra = open.find((choice) => amounts.get(choice.choiceId) === 0 && choice.price > 0);
    if (extra && total() < group.maxChoices) amounts.set(extra.choiceId, 1);
    for (const choice of open) {
      const amount = amounts.get(choice.choiceId) ?? 0;
      if (amount > 0) {
        const name = choice.name["da-DK"] ?? "";
        picked.push({ choiceId: choice.choiceId, modifierId: group.modifierId, name, amount, price: choice.price });
      }
    }
  }
  return picked;
}

describe.each(await testDbKinds())("a client written from the spec, on %s", (kind) => {
  let t: TestApp;
  const clock = createClock("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(() => t?.close());

  /** One call as the client makes it: JSON in, JSON out, the status checked. */
  let auth: Record<string, string> = {};
  async function call<T = Json>(method: "GET" | "POST" | "PUT", url: string, body?: unknown, status = 200) {
    const res = await t.request({
      method,
      url,
      headers: auth,
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  }

  test("orders over HTTP using only what the answers gave it: basket → slots → discount → pay → DONE → receipt", async () => {
    // App start (SPEC §4): the module by host name, then a token for its production unit.
    const module = await call<Json & Record<string, number>>("GET", "/api/module/domain/localhost");
    const { token } = await call<{ token: string }>("GET", `/api/token/${module.productionUnitId}`);
    auth = { authorization: `Bearer ${token}` };

    // The menu, its categories' products, and their context (SPEC §7: POST /context, a list of ids, no query).
    const [menu] = await call<{ id: number }[]>("GET", `/api/menu?instanceId=${module.menuInstanceId}`);
    const categories = await call<{ products: { productId: number }[] }[]>(
      "GET",
      `/api/category/menu/${menu!.id}?instanceId=${module.menuInstanceId}`,
    );
    const ids = [...new Set(categories.flatMap((category) => category.products.map((p) => p.productId)))];
    const context = await call<{ products: Product[] }>("POST", "/api/context", ids);
    const blockedProducts = new Set(
      (
        await call<{ productId: number }[]>("GET", `/api/blockedProduct?productionUnitId=${module.productionUnitId}`)
      ).map((blocked) => blocked.productId),
    );
    const blockedChoices = new Set(
      (await call<{ choiceId: number }[]>("GET", `/api/blockedChoice?productionUnitId=${module.productionUnitId}`)).map(
        (blocked) => blocked.choiceId,
      ),
    );
    const withOptions = context.products.find(
      (p) => p.modifiers.length > 0 && p.price > 0 && !p.isGiftcard && !blockedProducts.has(p.id),
    );
    expect(withOptions, "a product with option groups").toBeDefined();
    const product = await call<Product>(
      "GET",
      `/api/product/${withOptions!.id}?instanceId=${module.productInstanceId}`,
    );

    // A basket line in SPEC §7's add shape, its choices in SPEC §3's basket-choice shape; ≥ 100 kr. of food.
    const basket = await call<Basket>("GET", "/api/basket");
    const choices = pickChoices(product, blockedChoices);
    expect(choices.length).toBeGreaterThan(0);
    const amount = Math.max(1, Math.ceil(100 / product.price));
    const added = await call<Basket>("POST", `/api/basket/${basket.id}/products`, {
      amount,
      productId: product.id,
      price: product.price,
      productPrice: product.price,
      imageUrl: product.imageUrl,
      choices,
    });
    expect(added.items).toHaveLength(1);

    // Read the basket, and send its line back exactly as read (PUT of the full item).
    const read = await call<Basket>("GET", `/api/basket/${basket.id}`);
    const [line] = read.items;
    expect(line).toMatchObject({ productId: product.id, amount });
    expect(line!.choices.map(({ choiceId, modifierId, amount }) => ({ choiceId, modifierId, amount }))).toEqual(
      choices.map(({ choiceId, modifierId, amount }) => ({ choiceId, modifierId, amount })),
    );
    const putBack = await call<Basket>("PUT", `/api/basket/${basket.id}/products/${line!.id}`, line);
    expect(putBack.totalPrice).toBe(read.totalPrice);
    expect(putBack.items.map(({ choices: _choices, ...rest }) => rest)).toEqual(
      read.items.map(({ choices: _choices, ...rest }) => rest),
    );
    const basketNow = await call<Basket>("GET", `/api/basket/${basket.id}`);
    expect(basketNow.totalPrice).toBeGreaterThanOrEqual(100);

    // The discount code against the basket's items exactly as read.
    const discountUrl = `/api/discount/validate?instanceId=${module.discountInstanceId}&moduleId=${module.id}`;
    const discount = await call<{ sumDiscount: number; discountCode: string }>("POST", discountUrl, {
      discountCode: "SOMMER10",
      items: basketNow.items,
    });
    expect(discount.sumDiscount).toBeGreaterThan(0);
    const wrong = await t.request({
      method: "POST",
      url: discountUrl,
      headers: auth,
      payload: { discountCode: "NOT-A-CODE", items: basketNow.items },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.json().errors[0].code).toBe("Discount.Invalid");

    // Checkout (SPEC §4 "Checkout start"): create it, link the basket.
    const checkout = await call<{ id: string }>(
      "POST",
      `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`,
    );
    const linked = await call<Json>("POST", `/api/checkout/${checkout.id}/basket?basketId=${basket.id}`);

    // Pickup slots of today for the basket's items exactly as read.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(clock.now());
    const slots = await call<{ time: string; isAvailable: boolean }[]>(
      "POST",
      `/api/availableordertime/${checkout.id}`,
      {
        productionUnitId: module.productionUnitId,
        date: today,
        capacityInstanceId: module.capacityInstanceId,
        items: basketNow.items,
      },
    );
    const slot = slots.find((candidate) => candidate.isAvailable);
    expect(slot, "an available slot").toBeDefined();

    // Guest information (the checkout's own guestInformation object, filled in) with the slot.
    await call("POST", `/api/checkout/${checkout.id}/guestInformation`, {
      ...(linked.guestInformation as Json),
      name: "Mette Hansen",
      phone: "12345678",
      email: "mette@example.dk",
      orderComment: "Ingen løg",
      orderReadyTime: slot!.time,
    });
    // The session's discount (SPEC §3 { discountCode, amount }) applied to the checkout.
    const withDiscount = await call<{ discounts: { discountCode: string; amount: number }[] } & Json>(
      "POST",
      `/api/checkout/${checkout.id}/discount`,
      { discountCode: discount.discountCode, amount: discount.sumDiscount },
    );
    // The items as read are priced with their options, as the linked basket is: the figure the client was
    // shown before applying is the one the checkout takes.
    expect(withDiscount.discounts).toEqual([expect.objectContaining({ discountCode: "SOMMER10" })]);
    const discountTaken = withDiscount.discounts[0]!.amount;
    expect(discountTaken).toBe(discount.sumDiscount);

    // Validate with the restaurant, then pay online.
    expect(
      await call("POST", `/api/order/validate?checkoutId=${checkout.id}`, {
        productionUnitId: module.productionUnitId,
      }),
    ).toEqual({ valid: true });
    const continuationUrl = `http://localhost/payment/${checkout.id}`;
    const payment = await call<{ id: string; paymentUrl: string; state: number }>(
      "POST",
      `/api/checkout/${checkout.id}/payment?${new URLSearchParams({
        moduleId: String(module.id),
        continuationUrl,
        cancellationUrl: "http://localhost/checkout",
        paymentMethods: "card",
      })}`,
    );

    // The provider's hosted page, as a browser: follow the link to it, press Approve, follow nothing but the form.
    const pageUrl = await followPaymentUrl(t, payment.paymentUrl);
    const page = await t.request({
      method: "GET",
      url: pageUrl.pathname + pageUrl.search,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    const approveForm = parseForms(page.body).find((form) => /\/approve$/.test(form.attributes.action ?? ""));
    expect(approveForm, "the page's Approve form").toBeDefined();
    const submitter = approveForm!.controls.find((control) => control.tag === "button");
    const submission = submitForm(approveForm!, pageUrl, submitter);
    const approved = await t.request({
      method: submission.method,
      url: submission.url.pathname + submission.url.search,
      headers: { "content-type": submission.contentType, accept: "text/html,application/xhtml+xml" },
      payload: submission.body,
    });
    expect(approved.statusCode, approved.body).toBe(303);
    expect(approved.headers.location).toBe(continuationUrl);

    // The payment page polls the payment, the order page the checkout until DONE (SPEC §4).
    expect((await call<{ state: number }>("GET", `/api/payment/checkout/${checkout.id}`)).state).toBe(
      PAYMENT_AUTHORIZED,
    );
    let done: { state: number; orderId: string | null } = { state: -1, orderId: null };
    for (let poll = 0; poll < 20 && done.state !== CHECKOUT_DONE; poll++) {
      if (poll > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      done = await call("GET", `/api/checkout/${checkout.id}`);
    }
    expect(done.state).toBe(CHECKOUT_DONE);
    expect(done.orderId).toEqual(expect.any(String));

    const order = await call<{ receipt: { number: number }; totalAmount: number; products: Json[] }>(
      "GET",
      `/api/order/${done.orderId}`,
    );
    expect(order.receipt.number).toEqual(expect.any(Number));
    expect(order.receipt.number).toBeGreaterThan(0);
    expect(order.totalAmount).toBeCloseTo(basketNow.totalPrice - discountTaken, 2);
    expect(order.products).toEqual([expect.objectContaining({ productId: product.id, amount })]);
  });

  test("reports a failure it met (SPEC §7 telemetry) with the failed answer's trace id, without a token", async () => {
    const failed = await t.request({ method: "GET", url: "/api/module/domain/no-such-shop.example" });
    expect(failed.statusCode).toBe(404);
    const res = await t.request({
      method: "POST",
      url: "/api/telemetry",
      payload: {
        name: "AppError",
        message: failed.json().errors[0].message,
        path: "/",
        traceId: failed.headers["x-trace-id"],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ traceId: res.headers["x-trace-id"] });
  });
});

/**
 * A guest's whole way through the API, as the storefront walks it (SPEC §4, §7): token by host name →
 * basket → add item → checkout → link basket → guest information with a pickup slot → discount and
 * gift card when asked → validate with the restaurant → pay by card with the built-in TEST provider →
 * press a button on its hosted page (read like a browser: the form's hidden secret comes from the page)
 * → poll the checkout until the server has placed the order → the order and its receipt number.
 *
 * Each step is its own function so cases can stop anywhere (a payment left waiting, a second tab).
 */
import { type Answer, type Client, errorCode, expectStatus, NetworkFailure, StepFailed } from "./client";
import { sleep } from "./product";

/** SPEC §4 checkout states and payment states, as a client knows them. */
export const CheckoutState = { OPEN: 0, PENDING: 1, DONE: 2, ERROR: 3, FINALIZING: 4 } as const;
export const PaymentState = { CREATED: 1, CANCELLED: 2, FAILED: 64, AUTHORIZED: 128 } as const;

/** GET /module/domain/{domain} (SPEC §3 Module), the fields the flow uses. */
export type ShopModule = {
  id: number;
  productionUnitId: number;
  checkoutInstanceId: number;
  capacityInstanceId: number;
  discountInstanceId: number;
  giftcardInstanceId: number;
  menuInstanceId: number;
  productInstanceId: number;
  bagFeeItem?: number | null;
};

/** What every guest of a case shares: the restaurant, a plain product and the pickup slot they all want. */
export type Shop = { module: ShopModule; product: { id: number; price: number }; slotTime: string };

type Product = { id: number; price: number; isGiftcard: boolean; modifiers: { choicesIncluded: number }[] };

/**
 * Restaurant A (host `localhost`) and a product without required options. The slot is the
 * `slotIndex`-th available pickup time of today: a few slots ahead, so it stays orderable while a
 * long case runs (the first ones close as the kitchen's preparation time passes). Late in the
 * restaurant's day, when today has too few times left for that, it is tomorrow's (restaurant A takes
 * orders 2 days ahead), so the suite passes at any hour.
 */
export async function openShop(client: Client, slotIndex = 3): Promise<Shop> {
  const module = await expectStatus<ShopModule>("module", client.call("GET", "/api/module/domain/localhost"));
  const token = await guestToken(client, module);
  const product = await plainProduct(client, module, token);
  const today = await availableSlots(client, module, token);
  const open =
    today.length > slotIndex + SLOTS_TO_SPARE ? today : await availableSlots(client, module, token, restaurantDay(1));
  const slotTime = open[Math.min(slotIndex, open.length - 1)];
  if (!slotTime) throw new Error("no pickup slot available today or tomorrow at restaurant A");
  return { module, product, slotTime };
}

/** Times today must have beyond the chosen one (about two hours of them) to stay orderable for a long case. */
const SLOTS_TO_SPARE = 8;

/** A day's pickup times (ISO) still available for a 1-item basket, earliest first; today by default. */
export async function availableSlots(
  client: Client,
  module: ShopModule,
  token: string,
  date = restaurantDay(0),
): Promise<string[]> {
  const slots = await listedSlots(client, module, token, date);
  return slots.filter((slot) => slot.isAvailable).map((slot) => slot.time);
}

/** Every pickup time a guest is shown for `date` (SPEC §7, a 1-item basket), bookable or not, earliest first. */
export async function listedSlots(
  client: Client,
  module: ShopModule,
  token: string,
  date: string,
): Promise<{ time: string; isAvailable: boolean }[]> {
  const checkout = await expectStatus<{ id: string }>(
    "checkout",
    client.call("POST", `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`, { token }),
  );
  return expectStatus<{ time: string; isAvailable: boolean }[]>(
    "slots",
    client.call("POST", `/api/availableordertime/${checkout.id}`, {
      token,
      json: {
        productionUnitId: module.productionUnitId,
        date,
        capacityInstanceId: module.capacityInstanceId,
        items: [],
      },
    }),
  );
}

/** Today (+ `daysAhead`) on the restaurant's clock (Copenhagen), YYYY-MM-DD. */
export function restaurantDay(daysAhead: number): string {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(day);
}

async function plainProduct(client: Client, module: ShopModule, token: string) {
  const [menu] = await expectStatus<{ id: number }[]>(
    "menu",
    client.call("GET", `/api/menu?instanceId=${module.menuInstanceId}`, { token }),
  );
  const categories = await expectStatus<{ products: { productId: number }[] }[]>(
    "categories",
    client.call("GET", `/api/category/menu/${menu!.id}?instanceId=${module.menuInstanceId}`, { token }),
  );
  const ids = [...new Set(categories.flatMap((category) => category.products.map((p) => p.productId)))];
  const context = await expectStatus<{ products: Product[] }>(
    "context",
    client.call("POST", "/api/context", { token, json: ids }),
  );
  // No option the guest must pick, food (not a gift card, not the bag fee), and ≥ 50 kr., so a
  // 40 kr. gift-card draw leaves something for the card to pay.
  const plain = context.products.find(
    (p) =>
      !p.isGiftcard &&
      p.id !== module.bagFeeItem &&
      p.price >= 50 &&
      p.modifiers.every((group) => group.choicesIncluded === 0),
  );
  if (!plain) throw new Error("restaurant A sells no product of ≥ 50 kr. without required options");
  return { id: plain.id, price: plain.price };
}

export async function guestToken(client: Client, module: ShopModule): Promise<string> {
  const { token } = await expectStatus<{ token: string }>(
    "token",
    client.call("GET", `/api/token/${module.productionUnitId}`),
  );
  return token;
}

export type CheckoutOptions = {
  /** Units of the shop's product in the basket: the kitchen units the order takes. */
  items?: number;
  discountCode?: string;
  giftcard?: { code: string; amount: number };
};

/** A guest with a filled checkout, ready to pay. */
export type Guest = { token: string; checkoutId: string };

/** Token → basket → item → checkout → link → guest information (the shop's slot) → codes → validate. */
export async function fillCheckout(client: Client, shop: Shop, options: CheckoutOptions = {}): Promise<Guest> {
  const { module } = shop;
  const token = await guestToken(client, module);
  const call = <T = unknown>(method: "GET" | "POST", path: string, json?: unknown) =>
    client.call<T>(method, path, { token, json });
  const basket = await expectStatus("basket", call<{ id: string }>("GET", "/api/basket"));
  await expectStatus(
    "add item",
    call("POST", `/api/basket/${basket.id}/products`, {
      productId: shop.product.id,
      amount: options.items ?? 1,
      price: shop.product.price,
      choices: [],
    }),
  );
  const checkout = await expectStatus(
    "checkout",
    call<{ id: string }>("POST", `/api/checkout?instanceId=${module.checkoutInstanceId}&moduleId=${module.id}`),
  );
  const checkoutId = checkout.id;
  await expectStatus("link basket", call("POST", `/api/checkout/${checkoutId}/basket?basketId=${basket.id}`));
  await expectStatus(
    "guest information",
    call("POST", `/api/checkout/${checkoutId}/guestInformation`, {
      name: "Reliability Guest",
      phone: "12345678",
      email: "guest@example.dk",
      orderReadyTime: shop.slotTime,
    }),
  );
  if (options.discountCode)
    await expectStatus(
      "discount",
      call("POST", `/api/checkout/${checkoutId}/discount`, { discountCode: options.discountCode }),
    );
  if (options.giftcard)
    await expectStatus(
      "gift card",
      call("POST", `/api/checkout/${checkoutId}/giftcard`, {
        giftcardCode: options.giftcard.code,
        amount: options.giftcard.amount,
      }),
    );
  await expectStatus(
    "validate",
    call("POST", `/api/order/validate?checkoutId=${checkoutId}`, { productionUnitId: module.productionUnitId }),
  );
  return { token, checkoutId };
}

export type StartedPayment = { id: string; paymentUrl: string | null; state: number };

/** POST /checkout/{id}/payment by card (SPEC §7), back to the shop's own pages. */
export function startPayment(client: Client, shop: Shop, guest: Guest): Promise<Answer<StartedPayment>> {
  const query = new URLSearchParams({
    moduleId: String(shop.module.id),
    continuationUrl: `http://localhost/payment/${guest.checkoutId}`,
    cancellationUrl: "http://localhost/checkout",
    paymentMethods: "card",
  });
  return client.call<StartedPayment>("POST", `/api/checkout/${guest.checkoutId}/payment?${query}`, {
    token: guest.token,
  });
}

export type PageButton = "approve" | "decline" | "cancel";

/**
 * Loads the TEST provider's hosted page and presses a button as a browser does: the form posts its
 * hidden `formToken` (read from the page; only someone who loaded the page can press its buttons).
 * Answers the post's answer (303 to the shop on success, 409 when the payment can no longer move).
 */
export async function pressButton(client: Client, paymentId: string, button: PageButton): Promise<Answer> {
  return postButton(client, paymentId, button, await loadPaymentPage(client, paymentId));
}

/** The hosted page as a browser tab holds it: its forms' hidden secret. */
export async function loadPaymentPage(client: Client, paymentId: string): Promise<string> {
  const page = await client.call("GET", `/api/payment/test/${paymentId}`, { accept: "text/html" });
  if (page.status !== 200) throw new StepFailed("hosted page", page);
  const formToken = page.text.match(/name="formToken" value="([^"]*)"/)?.[1];
  if (!formToken) throw new StepFailed("hosted page has no form", page);
  return formToken;
}

/** A button of a page loaded earlier (a tab left open) pressed now. */
export function postButton(client: Client, paymentId: string, button: PageButton, formToken: string) {
  return client.call("POST", `/api/payment/test/${paymentId}/${button}`, { form: { formToken } });
}

export type CheckoutView = { state: number; orderId: string | null; payment: { id: string; state: number } | null };

/** Polls GET /checkout/{id} as the order page does, until DONE or ERROR (or `timeoutMs`). */
export async function awaitSettled(client: Client, guest: Guest, timeoutMs = 120_000): Promise<CheckoutView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const view = await readCheckout(client, guest);
    if (!view) {
      if (Date.now() > deadline) throw new Error(`checkout ${guest.checkoutId}: no answer to the order page's polls`);
      await sleep(250);
      continue;
    }
    if (view.state === CheckoutState.DONE || view.state === CheckoutState.ERROR) return view;
    if (Date.now() > deadline) return view;
    await sleep(100);
  }
}

/** One poll of the order page; null when the request got no answer (the page just polls again). */
async function readCheckout(client: Client, guest: Guest): Promise<CheckoutView | null> {
  try {
    return await expectStatus<CheckoutView>(
      "poll checkout",
      client.call("GET", `/api/checkout/${guest.checkoutId}`, { token: guest.token }),
    );
  } catch (error) {
    if (error instanceof NetworkFailure) return null;
    throw error;
  }
}

export type PlacedOrder = { orderId: string; receiptNumber: number };

/** GET /order/{id}: its receipt number. */
export async function readOrder(client: Client, guest: Guest, orderId: string): Promise<PlacedOrder> {
  const order = await expectStatus<{ receipt: { number: number } }>(
    "order",
    client.call("GET", `/api/order/${orderId}`, { token: guest.token }),
  );
  return { orderId, receiptNumber: order.receipt.number };
}

/** How one guest's flow ended: an order, a refusal by the product (4xx), or a failure (5xx, network, stuck). */
export type FlowOutcome =
  | ({ kind: "order"; checkoutId: string } & PlacedOrder)
  | { kind: "refused"; step: string; status: number; code: string }
  | { kind: "error"; step: string; detail: string };

/** The whole flow with the payment approved; never throws, the outcome says how it ended. */
export async function fullGuestFlow(client: Client, shop: Shop, options: CheckoutOptions = {}): Promise<FlowOutcome> {
  return outcomeOf(async () => {
    const guest = await fillCheckout(client, shop, options);
    return payAndApprove(client, shop, guest);
  });
}

/** Pay → approve on the hosted page → the order the server placed. */
export async function payAndApprove(client: Client, shop: Shop, guest: Guest): Promise<FlowOutcome> {
  const payment = await expectStatus("payment", startPayment(client, shop, guest));
  if (payment.state === PaymentState.CREATED) {
    const approved = await pressButton(client, payment.id, "approve");
    if (approved.status !== 303) throw new StepFailed("approve", approved);
  }
  const settled = await awaitSettled(client, guest);
  if (settled.state !== CheckoutState.DONE || !settled.orderId)
    return { kind: "error", step: "settle", detail: `checkout state ${settled.state} without an order` };
  return { kind: "order", checkoutId: guest.checkoutId, ...(await readOrder(client, guest, settled.orderId)) };
}

/** Runs a flow, turning its failures into an outcome: 4xx refused, everything else an error. */
export async function outcomeOf(flow: () => Promise<FlowOutcome>): Promise<FlowOutcome> {
  try {
    return await flow();
  } catch (error) {
    if (error instanceof StepFailed && error.answer.status >= 400 && error.answer.status < 500)
      return { kind: "refused", step: error.step, status: error.answer.status, code: error.code };
    if (error instanceof StepFailed) return { kind: "error", step: error.step, detail: error.message };
    return { kind: "error", step: error instanceof NetworkFailure ? "network" : "client", detail: String(error) };
  }
}

/** Counts of outcomes by kind and refusal code, for the figures lines and assertions. */
export function tally(outcomes: FlowOutcome[]) {
  const refusals = new Map<string, number>();
  for (const o of outcomes) if (o.kind === "refused") refusals.set(o.code, (refusals.get(o.code) ?? 0) + 1);
  const errors = outcomes.filter((o): o is Extract<FlowOutcome, { kind: "error" }> => o.kind === "error");
  return {
    orders: outcomes.filter((o): o is Extract<FlowOutcome, { kind: "order" }> => o.kind === "order"),
    refusals,
    errors,
    refusalText: [...refusals].map(([code, n]) => `${n} ${code}`).join(", ") || "0 refused",
  };
}

export { errorCode };

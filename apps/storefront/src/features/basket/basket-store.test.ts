import { describe, expect, test } from "vitest";
import { BASKET_ID_KEY, CHECKOUT_ID_KEY } from "./api/basket-storage";
import { createBasketStore, refreshBasketOnReturn } from "./basket-store";
import { apiError, createFakeBasketApi, memoryStorage } from "./testing/fake-basket-api";

const NOW = new Date("2026-05-01T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const burger = { productId: 1, amount: 1, choices: [] };

function setUp(options: { stored?: Record<string, string>; language?: string } = {}) {
  const server = createFakeBasketApi({ now: () => NOW });
  const storage = memoryStorage(options.stored);
  let language = options.language ?? "da-DK";
  const store = createBasketStore({ api: server.api, storage, now: () => NOW, language: () => language });
  return {
    server,
    storage,
    store,
    state: () => store.getSnapshot(),
    setLanguage: (next: string) => {
      language = next;
    },
  };
}

/** A store holding a fresh basket with the given lines already on the server. */
async function withBasket(
  lines: { productId: number; amount: number; choices?: { choiceId: number; modifierId: number; amount: number }[] }[],
) {
  const context = setUp({ stored: { [BASKET_ID_KEY]: "b-1" } });
  context.server.seed({
    id: "b-1",
    createdTimeUtc: minutesAgo(5),
    lines: lines.map((line, index) => ({ id: `l-${index + 1}`, choices: [], ...line })),
  });
  await context.store.load();
  context.server.calls.length = 0;
  return context;
}

describe("load (SPEC §4)", () => {
  test("keeps a stored basket 119 minutes old", async () => {
    const { server, store, state, storage } = setUp({ stored: { [BASKET_ID_KEY]: "b-1", [CHECKOUT_ID_KEY]: "c-1" } });
    server.seed({
      id: "b-1",
      createdTimeUtc: minutesAgo(119),
      lines: [{ id: "l-1", productId: 1, amount: 2, choices: [] }],
    });
    await store.load();
    expect(state()).toMatchObject({ status: "ready", error: null, pending: false, dropped: false });
    expect(state().basket?.items.map((i) => [i.name, i.amount])).toEqual([["Burger", 2]]);
    expect(storage.items.get(BASKET_ID_KEY)).toBe("b-1");
    expect(storage.items.get(CHECKOUT_ID_KEY)).toBe("c-1");
  });

  test("drops a stored basket 121 minutes old, with the stored ids", async () => {
    const { server, store, state, storage } = setUp({
      stored: { [BASKET_ID_KEY]: "b-1", [CHECKOUT_ID_KEY]: "c-1", language: "en-US" },
    });
    server.seed({
      id: "b-1",
      createdTimeUtc: minutesAgo(121),
      lines: [{ id: "l-1", productId: 1, amount: 1, choices: [] }],
    });
    await store.load();
    // Marked as dropped, so the checkout can tell the guest why the basket is empty.
    expect(state()).toMatchObject({ basket: null, status: "ready", error: null, dropped: true });
    expect([...storage.items]).toEqual([["language", "en-US"]]);
  });

  test("drops a stored basket that fails to load, without going to the error page", async () => {
    const { server, store, state, storage } = setUp({ stored: { [BASKET_ID_KEY]: "b-1", [CHECKOUT_ID_KEY]: "c-1" } });
    server.seed({ id: "b-1", createdTimeUtc: minutesAgo(5) });
    server.failNext("getBasket", apiError(500, "INTERNAL"));
    await store.load();
    expect(state()).toMatchObject({ basket: null, status: "ready", error: null });
    expect(storage.items.size).toBe(0);
  });

  test("drops a stored basket the server no longer knows (404)", async () => {
    const { store, state, storage } = setUp({ stored: { [BASKET_ID_KEY]: "gone" } });
    await store.load();
    expect(state()).toMatchObject({ basket: null, status: "ready" });
    expect(storage.items.has(BASKET_ID_KEY)).toBe(false);
  });

  test("without a stored basket, asks nothing and holds none", async () => {
    const { server, store, state } = setUp();
    expect(state().status).toBe("idle");
    await store.load();
    expect(server.calls).toEqual([]);
    expect(state()).toMatchObject({ basket: null, status: "ready" });
  });
});

describe("add", () => {
  test("the first add creates the basket, then adds to it, and remembers its id", async () => {
    const { server, store, state, storage } = setUp();
    await store.add({ productId: 1, amount: 2, choices: [{ modifierId: 5, choiceId: 10, amount: 1 }] });
    expect(server.methods()).toEqual(["createBasket", "addBasketItem"]);
    const basket = state().basket!;
    expect(server.calls[1]?.basketId).toBe(basket.id);
    expect(storage.items.get(BASKET_ID_KEY)).toBe(basket.id);
    expect(basket.items.map((i) => [i.productId, i.amount, i.choices.map((c) => c.name)])).toEqual([
      [1, 2, ["Ekstra ost"]],
    ]);
    // What the server answers is what the guest sees: its line price and total.
    expect(basket.totalPrice).toBe(189);
  });

  test("two quick adds run one after the other and create one basket", async () => {
    const { server, store, state } = setUp();
    const first = store.add(burger);
    const second = store.add(burger);
    expect(state().pending).toBe(true);
    await Promise.all([first, second]);
    expect(server.methods()).toEqual(["createBasket", "addBasketItem", "addBasketItem"]);
    // No call starts before the one before it has answered.
    expect(server.timeline).toEqual([
      "start createBasket",
      "end createBasket",
      "start addBasketItem",
      "end addBasketItem",
      "start addBasketItem",
      "end addBasketItem",
    ]);
    expect(state().basket?.items.map((i) => i.amount)).toEqual([2]);
    expect(state().pending).toBe(false);
  });

  test("a failed add puts the store in error, with the failure for the error page", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 1 }]);
    const refused = apiError(409, "PRODUCT_BLOCKED");
    server.failNext("addBasketItem", refused);
    await store.add({ productId: 2, amount: 1, choices: [] });
    expect(state()).toMatchObject({ status: "error", error: refused, pending: false });
    expect(state().basket?.items).toHaveLength(1);
  });

  test("a basket that expired on the server (410) is dropped and the item goes into a new one", async () => {
    const { store, server, state, storage } = await withBasket([{ productId: 1, amount: 1 }]);
    server.failNext("addBasketItem", apiError(410, "BASKET_EXPIRED"));
    await store.add({ productId: 2, amount: 1, choices: [] });
    expect(server.methods()).toEqual(["addBasketItem", "createBasket", "addBasketItem"]);
    expect(state()).toMatchObject({ status: "ready", error: null });
    expect(state().basket?.id).not.toBe("b-1");
    expect(state().basket?.items.map((i) => i.productId)).toEqual([2]);
    expect(storage.items.get(BASKET_ID_KEY)).toBe(state().basket?.id);
  });

  test("a basket that has passed 120 minutes in the page is not used for the next add", async () => {
    const server = createFakeBasketApi({ now: () => NOW });
    server.seed({ id: "b-1", createdTimeUtc: minutesAgo(100) });
    let now = NOW;
    const store = createBasketStore({
      api: server.api,
      storage: memoryStorage({ [BASKET_ID_KEY]: "b-1" }),
      now: () => now,
      language: () => "da-DK",
    });
    await store.load();
    now = new Date(NOW.getTime() + 30 * 60_000);
    await store.add(burger);
    expect(server.methods()).toEqual(["getBasket", "createBasket", "addBasketItem"]);
  });
});

describe("what was added (the shop's visible confirmation)", () => {
  test("an add notes the product, its name as the server answered it, and the units added", async () => {
    const { store, state } = setUp({ language: "en-US" });
    await store.add({ productId: 2, amount: 2, choices: [] });
    expect(state().added).toEqual({ productId: 2, name: "French fries", amount: 2, serial: 1 });
  });

  test("adding the same product again is a new addition, even when the server merges the lines", async () => {
    const { store, state } = setUp();
    await store.add(burger);
    await store.add(burger);
    expect(state().basket?.items.map((i) => i.amount)).toEqual([2]);
    expect(state().added).toEqual({ productId: 1, name: "Burger", amount: 1, serial: 2 });
  });

  test("a refused add notes nothing", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 1 }]);
    server.failNext("addBasketItem", apiError(409, "PRODUCT_BLOCKED"));
    await store.add({ productId: 2, amount: 1, choices: [] });
    expect(state().added).toBeNull();
  });

  test("the menu's counter going up is an addition; going down or removing is not", async () => {
    const { store, state } = await withBasket([{ productId: 1, amount: 1 }]);
    await store.changeProductCount(1, 2);
    expect(state().added).toEqual({ productId: 1, name: "Burger", amount: 2, serial: 1 });
    await store.changeProductCount(1, -2);
    await store.changeProductCount(1, -1);
    expect(state().added?.serial).toBe(1);
  });

  test("changing a cart line's amount is not an addition", async () => {
    const { store, state } = await withBasket([{ productId: 1, amount: 1 }]);
    await store.setLineAmount("l-1", 2);
    expect(state().added).toBeNull();
  });
});

describe("changeProductCount (the menu's counter, by steps)", () => {
  test("a count below 1 removes all lines of the product", async () => {
    const { store, server, state } = await withBasket([
      { productId: 1, amount: 2 },
      { productId: 2, amount: 1 },
      { productId: 1, amount: 1, choices: [{ choiceId: 10, modifierId: 5, amount: 1 }] },
    ]);
    await store.changeProductCount(1, -3);
    expect(server.calls.map((c) => [c.method, c.itemId])).toEqual([
      ["removeBasketItem", "l-1"],
      ["removeBasketItem", "l-3"],
    ]);
    expect(state().basket?.items.map((i) => i.productId)).toEqual([2]);
  });

  test("sets the amount of the product's one line", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 2 }]);
    await store.changeProductCount(1, 1);
    expect(server.methods()).toEqual(["updateBasketItem"]);
    expect(state().basket?.items.map((i) => i.amount)).toEqual([3]);
  });

  test("adds a line when the product has none", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 1 }]);
    await store.changeProductCount(3, 1);
    expect(server.methods()).toEqual(["addBasketItem"]);
    expect(state().basket?.items.map((i) => [i.productId, i.amount])).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });

  test("+ on a basket ordered meanwhile in another tab puts the one unit added into a new basket, not nowhere", async () => {
    const { store, server, state, storage } = await withBasket([{ productId: 2, amount: 2 }]);
    server.failNext("updateBasketItem", apiError(409, "BASKET_ORDERED"));
    await store.changeProductCount(2, 1);
    expect(server.methods()).toEqual(["updateBasketItem", "createBasket", "addBasketItem"]);
    expect(state().basket?.items.map((i) => [i.productId, i.amount])).toEqual([[2, 1]]);
    expect(storage.items.get(BASKET_ID_KEY)).toBe(state().basket?.id);
    expect(state().added).toMatchObject({ productId: 2, amount: 1 });
  });

  test("− on a basket ordered meanwhile adds nothing: the new basket stays empty", async () => {
    const { store, server, state } = await withBasket([{ productId: 2, amount: 2 }]);
    server.failNext("updateBasketItem", apiError(409, "BASKET_ORDERED"));
    await store.changeProductCount(2, -1);
    expect(server.methods()).toEqual(["updateBasketItem"]);
    expect(state().basket).toBeNull();
  });
});

describe("cart lines", () => {
  test("an amount below 1 removes the line", async () => {
    const { store, server, state } = await withBasket([
      { productId: 1, amount: 1 },
      { productId: 2, amount: 1 },
    ]);
    await store.setLineAmount("l-1", 0);
    expect(server.calls.map((c) => [c.method, c.itemId])).toEqual([["removeBasketItem", "l-1"]]);
    expect(state().basket?.items.map((i) => i.id)).toEqual(["l-2"]);
  });

  test("a new amount sends the full item with that amount", async () => {
    const { store, state } = await withBasket([
      { productId: 1, amount: 1, choices: [{ choiceId: 11, modifierId: 5, amount: 2 }] },
    ]);
    await store.setLineAmount("l-1", 4);
    const [line] = state().basket!.items;
    expect([line?.amount, line?.choices.map((c) => [c.choiceId, c.amount])]).toEqual([4, [[11, 2]]]);
  });

  test("a line already removed elsewhere (404) shows the server's basket, not an error", async () => {
    const { store, server, state } = await withBasket([
      { productId: 1, amount: 1 },
      { productId: 2, amount: 1 },
    ]);
    await server.api.removeBasketItem("b-1", "l-1", "da-DK"); // e.g. in another tab
    await store.removeLine("l-1");
    expect(state()).toMatchObject({ status: "ready", error: null });
    expect(state().basket?.items.map((i) => i.id)).toEqual(["l-2"]);
  });

  test("a basket the server no longer knows (404) is dropped, not an error", async () => {
    const { store, server, state, storage } = await withBasket([{ productId: 1, amount: 1 }]);
    server.forget("b-1");
    await store.setLineAmount("l-1", 2);
    expect(state()).toMatchObject({ basket: null, status: "ready", error: null });
    expect(storage.items.has(BASKET_ID_KEY)).toBe(false);
  });
});

describe("clear", () => {
  test("wipes the order's stored data but keeps the guest's language", async () => {
    const { store, state, storage, server } = setUp({
      stored: {
        [BASKET_ID_KEY]: "b-1",
        [CHECKOUT_ID_KEY]: "c-1",
        checkoutSession: '{"guestInformation":{}}',
        language: "en-US",
      },
    });
    server.seed({
      id: "b-1",
      createdTimeUtc: minutesAgo(5),
      lines: [{ id: "l-1", productId: 1, amount: 1, choices: [] }],
    });
    await store.load();
    await store.clear();
    // Cleared by the guest: an empty basket, not a dropped one.
    expect(state()).toMatchObject({ basket: null, status: "ready", dropped: false });
    expect([...storage.items]).toEqual([["language", "en-US"]]);
  });

  test("waits for a change on its way, so the change cannot bring the basket back", async () => {
    const { store, state, storage } = await withBasket([{ productId: 1, amount: 1 }]);
    const adding = store.add(burger);
    const clearing = store.clear();
    await Promise.all([adding, clearing]);
    expect(state().basket).toBeNull();
    expect(storage.items.has(BASKET_ID_KEY)).toBe(false);
  });
});

describe("language", () => {
  test("every call asks for names in the current language, and a language change re-reads the basket", async () => {
    const { store, server, state, setLanguage } = await withBasket([{ productId: 2, amount: 1 }]);
    expect(state().basket?.items[0]?.name).toBe("Pommes frites");
    setLanguage("en-US");
    await store.reloadForLanguage();
    await store.add(burger);
    expect(server.calls.map((c) => [c.method, c.language])).toEqual([
      ["getBasket", "en-US"],
      ["addBasketItem", "en-US"],
    ]);
    expect(state().basket?.items.map((i) => i.name)).toEqual(["French fries", "Burger"]);
  });

  test("a re-read that fails for another reason than a gone basket is an error", async () => {
    const { store, server, state } = await withBasket([{ productId: 2, amount: 1 }]);
    server.failNext("getBasket", apiError(503, "UNAVAILABLE"));
    await store.reloadForLanguage();
    expect(state().status).toBe("error");
  });
});

describe("coming back to the tab (another tab shares the basket)", () => {
  test("refresh shows the line another tab added, so the checkout's total is what will be ordered", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 1 }]);
    await server.api.addBasketItem("b-1", { productId: 2, amount: 1, choices: [] }, "da-DK"); // the other tab
    await store.refresh();
    expect(state().basket?.items.map((i) => [i.name, i.amount])).toEqual([
      ["Burger", 1],
      ["Pommes frites", 1],
    ]);
  });

  test("a refresh that fails keeps the basket shown, without the error page", async () => {
    const { store, server, state } = await withBasket([{ productId: 1, amount: 1 }]);
    server.failNext("getBasket", apiError(503, "UNAVAILABLE"));
    await store.refresh();
    expect(state()).toMatchObject({ status: "ready", error: null });
    expect(state().basket?.items).toHaveLength(1);
  });

  test("the page becoming visible refreshes the basket; becoming hidden does not", () => {
    const page = Object.assign(new EventTarget(), { visibilityState: "hidden" as DocumentVisibilityState });
    let refreshes = 0;
    const stop = refreshBasketOnReturn({ refresh: async () => void refreshes++ }, page);
    page.dispatchEvent(new Event("visibilitychange"));
    page.visibilityState = "visible";
    page.dispatchEvent(new Event("visibilitychange"));
    stop();
    page.dispatchEvent(new Event("visibilitychange"));
    expect(refreshes).toBe(1);
  });
});

test("subscribers hear every change", async () => {
  const { store } = setUp();
  const seen: string[] = [];
  const unsubscribe = store.subscribe(() => seen.push(`${store.getSnapshot().status}/${store.getSnapshot().pending}`));
  await store.load();
  unsubscribe();
  await store.load();
  expect(seen).toEqual(["idle/true", "loading/true", "ready/true", "ready/false"]);
});

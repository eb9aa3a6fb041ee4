/**
 * Test double of the basket API: an in-memory server that answers whole baskets the way
 * apps/api/src/modules/basket does (lines merged by product and choices, names in the asked language,
 * totals computed), with a log of calls and failures to inject. Used by the store and component tests.
 */
import type { AddBasketItem, Basket, BasketItem, UpdateBasketItem } from "@app/contracts";
import { ApiError } from "../../../lib/api-client";
import type { BasketApi } from "../basket-store";

export const BAG_FEE = 99;

const PRODUCTS: Record<number, { name: Record<string, string>; price: number }> = {
  1: { name: { "da-DK": "Burger", "en-US": "Burger" }, price: 89.5 },
  2: { name: { "da-DK": "Pommes frites", "en-US": "French fries" }, price: 25 },
  3: { name: { "da-DK": "Sodavand", "en-US": "Soda" }, price: 20 },
  [BAG_FEE]: { name: { "da-DK": "Pose", "en-US": "Bag" }, price: 4 },
};

const CHOICES: Record<number, { name: Record<string, string>; price: number }> = {
  10: { name: { "da-DK": "Ekstra ost", "en-US": "Extra cheese" }, price: 5 },
  11: { name: { "da-DK": "Bacon", "en-US": "Bacon" }, price: 10 },
};

export type FakeLine = {
  id: string;
  productId: number;
  amount: number;
  choices: { choiceId: number; modifierId: number; amount: number }[];
};

type StoredBasket = { id: string; createdTimeUtc: string; lines: FakeLine[] };

export type FakeCall = { method: keyof BasketApi; basketId?: string; itemId?: string; language: string };

export function apiError(status: number, code: string): ApiError {
  return new ApiError({ ok: false, status, errors: [{ code, message: code }] });
}

export function createFakeBasketApi({ now = () => new Date("2026-05-01T12:00:00Z") }: { now?: () => Date } = {}) {
  const baskets = new Map<string, StoredBasket>();
  const calls: FakeCall[] = [];
  /** "start getBasket" / "end getBasket" in the order they happened: shows whether calls overlap. */
  const timeline: string[] = [];
  const failures: { method: keyof BasketApi; error: ApiError }[] = [];
  let ids = 0;

  const nextId = (prefix: string) => `${prefix}-${++ids}`;

  function view(basket: StoredBasket, language: string): Basket {
    const items: BasketItem[] = basket.lines.map((line) => {
      const product = PRODUCTS[line.productId] ?? { name: { "da-DK": `Produkt ${line.productId}` }, price: 10 };
      const choices = line.choices.map((choice, index) => {
        const known = CHOICES[choice.choiceId] ?? { name: { "da-DK": `Valg ${choice.choiceId}` }, price: 0 };
        return {
          id: `${line.id}-c${index}`,
          choiceId: choice.choiceId,
          modifierId: choice.modifierId,
          name: known.name[language] ?? known.name["da-DK"] ?? "",
          amount: choice.amount,
          price: known.price * choice.amount,
        };
      });
      const price = product.price + choices.reduce((sum, choice) => sum + choice.price, 0);
      return {
        id: line.id,
        productId: line.productId,
        name: product.name[language] ?? product.name["da-DK"] ?? "",
        amount: line.amount,
        price,
        productPrice: product.price,
        imageUrl: `/images/${line.productId}.png`,
        totalPrice: price * line.amount,
        choices,
        editingIsDisabled: line.productId === BAG_FEE,
      };
    });
    return {
      id: basket.id,
      createdTimeUtc: basket.createdTimeUtc,
      items,
      products: items.map((item) => ({ id: item.id, productId: item.productId, count: item.amount })),
      totalPrice: items.reduce((sum, item) => sum + item.totalPrice, 0),
      itemCount: items.reduce((sum, item) => sum + item.amount, 0),
    };
  }

  /** Every call logs itself, waits a moment (a real request takes time), and may fail as asked. */
  async function call<T>(entry: FakeCall, work: () => T): Promise<T> {
    calls.push(entry);
    timeline.push(`start ${entry.method}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
    timeline.push(`end ${entry.method}`);
    const failure = failures.findIndex((f) => f.method === entry.method);
    if (failure >= 0) throw failures.splice(failure, 1)[0]!.error;
    return work();
  }

  function find(basketId: string): StoredBasket {
    const basket = baskets.get(basketId);
    if (!basket) throw apiError(404, "NOT_FOUND");
    return basket;
  }

  function findLine(basket: StoredBasket, itemId: string): FakeLine {
    const line = basket.lines.find((l) => l.id === itemId);
    if (!line) throw apiError(404, "NOT_FOUND");
    return line;
  }

  const sameChoices = (a: FakeLine["choices"], b: FakeLine["choices"]) =>
    JSON.stringify(a.map((c) => [c.modifierId, c.choiceId, c.amount]).sort()) ===
    JSON.stringify(b.map((c) => [c.modifierId, c.choiceId, c.amount]).sort());

  const choicesOf = (item: AddBasketItem | UpdateBasketItem) =>
    item.choices.map(({ choiceId, modifierId, amount }) => ({ choiceId, modifierId, amount }));

  const api: BasketApi = {
    getBasket: (basketId, language) =>
      call({ method: "getBasket", basketId, language }, () => view(find(basketId), language)),
    createBasket: (language) =>
      call({ method: "createBasket", language }, () => {
        const basket = { id: nextId("basket"), createdTimeUtc: now().toISOString(), lines: [] };
        baskets.set(basket.id, basket);
        return view(basket, language);
      }),
    addBasketItem: (basketId, item, language) =>
      call({ method: "addBasketItem", basketId, language }, () => {
        const basket = find(basketId);
        const choices = choicesOf(item);
        const same = basket.lines.find((l) => l.productId === item.productId && sameChoices(l.choices, choices));
        if (same) same.amount += item.amount;
        else basket.lines.push({ id: nextId("line"), productId: item.productId, amount: item.amount, choices });
        return view(basket, language);
      }),
    updateBasketItem: (basketId, itemId, item, language) =>
      call({ method: "updateBasketItem", basketId, itemId, language }, () => {
        const basket = find(basketId);
        const line = findLine(basket, itemId);
        line.amount = item.amount;
        line.choices = choicesOf(item);
        return view(basket, language);
      }),
    removeBasketItem: (basketId, itemId, language) =>
      call({ method: "removeBasketItem", basketId, itemId, language }, () => {
        const basket = find(basketId);
        findLine(basket, itemId);
        basket.lines = basket.lines.filter((l) => l.id !== itemId);
        return view(basket, language);
      }),
  };

  return {
    api,
    calls,
    timeline,
    /** A basket already on the server (e.g. the one whose id is stored). */
    seed(basket: { id: string; createdTimeUtc: string; lines?: FakeLine[] }): void {
      baskets.set(basket.id, { lines: [], ...basket });
    },
    /** The basket as the server holds it, in Danish. */
    basket: (basketId: string): Basket => view(find(basketId), "da-DK"),
    /** The server forgets a basket (a 404 from then on). */
    forget: (basketId: string) => void baskets.delete(basketId),
    /** The next call of `method` fails with `error`. */
    failNext(method: keyof BasketApi, error: ApiError): void {
      failures.push({ method, error });
    },
    methods: () => calls.map((c) => c.method),
  };
}

/** A Map-backed Storage, like the browser's local storage. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * The guest's basket (SPEC §4) as a small external store for `useSyncExternalStore`: no React here, and
 * every dependency (the calls, local storage, the clock, the language) comes in, so tests drive it.
 *
 * What the server answers is what the guest sees: each call answers the whole basket, which replaces
 * the one held. Actions run one after another (a queue), so two quick taps never send a change based
 * on a basket the other is about to replace, and a basket is created only once.
 */
import type { AddBasketItem, Basket, UpdateBasketItem } from "@app/contracts";
import { isBasketExpired } from "@app/domain";
import i18next from "i18next";
import { errorCodeOf, errorStatusOf } from "../../lib/api-client";
import { browserStorage } from "../../lib/browser-storage";
import { addBasketItem } from "./api/add-basket-item";
import {
  clearStoredOrder,
  forgetStoredIds,
  type OrderStorage,
  rememberBasketId,
  storedBasketId,
} from "./api/basket-storage";
import { createBasket } from "./api/create-basket";
import { getBasket } from "./api/get-basket";
import { removeBasketItem } from "./api/remove-basket-item";
import { updateBasketItem } from "./api/update-basket-item";
import { type BasketStep, type NewLine, planProductCount } from "./basket-rules";

export type BasketApi = {
  getBasket(basketId: string, language: string): Promise<Basket>;
  createBasket(language: string): Promise<Basket>;
  addBasketItem(basketId: string, item: AddBasketItem, language: string): Promise<Basket>;
  updateBasketItem(basketId: string, itemId: string, item: UpdateBasketItem, language: string): Promise<Basket>;
  removeBasketItem(basketId: string, itemId: string, language: string): Promise<Basket>;
};

export type BasketStoreDeps = {
  api: BasketApi;
  storage: OrderStorage | undefined;
  now: () => Date;
  /** The guest's current language: every call asks for names in it. */
  language: () => string;
};

export type BasketStatus = "idle" | "loading" | "ready" | "error";

export type BasketState = {
  basket: Basket | null;
  /** idle before load(); loading while load() reads the stored basket; error after a failed action. */
  status: BasketStatus;
  /** The failure of the last action (an ApiError from lib/api-client), for the error page. */
  error: unknown | null;
  /** An action is running or waiting: buttons that change the basket are disabled. */
  pending: boolean;
  /**
   * The guest's basket was dropped because it expired (120 minutes) or could not be read any more, not
   * cleared by them: the checkout says so instead of only "your basket is empty".
   */
  dropped: boolean;
};

export type BasketStore = {
  getSnapshot(): BasketState;
  subscribe(listener: () => void): () => void;
  /** App start: the stored basket, unless it fails to load or is older than 120 minutes (ids dropped). */
  load(): Promise<void>;
  /** Adds a line, creating the basket first when there is none. */
  add(line: NewLine): Promise<void>;
  /** The menu's counter of a product without options: 0 removes all its lines. */
  setProductCount(productId: number, count: number): Promise<void>;
  /** A cart line's counter: below 1 removes the line. */
  setLineAmount(itemId: string, amount: number): Promise<void>;
  removeLine(itemId: string): Promise<void>;
  /** Clear order: wipes the order's stored data (not the language) and empties the basket. */
  clear(): Promise<void>;
  /** Reads the basket again so its names follow a language change. */
  reloadForLanguage(): Promise<void>;
};

const INITIAL_STATE: BasketState = { basket: null, status: "idle", error: null, pending: false, dropped: false };

/**
 * The basket is gone, not broken: expired (410 BASKET_EXPIRED) or already ordered (409 BASKET_ORDERED,
 * "start a new basket for a new order"). A 404 is decided by reading the basket again (see `attempt`).
 */
function basketGone(error: unknown): boolean {
  return errorStatusOf(error) === 410 || errorCodeOf(error) === "BASKET_ORDERED";
}

export function createBasketStore({ api, storage, now, language }: BasketStoreDeps): BasketStore {
  let state = INITIAL_STATE;
  const listeners = new Set<() => void>();
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;

  function set(patch: Partial<BasketState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  /** Runs `action` after every action before it; a failure is stored, never thrown at the caller. */
  function enqueue(action: () => Promise<void>): Promise<void> {
    waiting++;
    if (!state.pending) set({ pending: true });
    const run = async () => {
      try {
        await action();
      } catch (error) {
        set({ status: "error", error });
      } finally {
        waiting--;
        if (waiting === 0) set({ pending: false });
      }
    };
    tail = tail.then(run);
    return tail;
  }

  function use(basket: Basket): Basket {
    rememberBasketId(basket.id, storage);
    set({ basket, status: "ready", error: null, dropped: false });
    return basket;
  }

  function drop(): null {
    forgetStoredIds(storage);
    set({ basket: null, status: "ready", error: null, dropped: true });
    return null;
  }

  const expired = (basket: Basket) => isBasketExpired(new Date(basket.createdTimeUtc), now());

  /** The basket held, unless it has expired since it was read (then it is dropped, SPEC §4). */
  function liveBasket(): Basket | null {
    const basket = state.basket;
    if (basket && expired(basket)) return drop();
    return basket;
  }

  /** Reads the basket again: null when it no longer exists (404) or has expired (410). */
  async function reread(basketId: string): Promise<Basket | null> {
    try {
      return await api.getBasket(basketId, language());
    } catch (error) {
      if (errorStatusOf(error) === 404 || basketGone(error)) return null;
      throw error;
    }
  }

  /**
   * One call on the basket. When the basket is gone the ids are dropped and null comes back (the guest
   * starts over, no error page). A 404 may name the basket, a line or a product, so the basket is read
   * again to tell: a line already removed elsewhere (`lineMayBeStale`) then simply shows the fresh basket.
   */
  async function attempt(
    basket: Basket,
    call: (basketId: string, language: string) => Promise<Basket>,
    lineMayBeStale: boolean,
  ): Promise<Basket | null> {
    try {
      return use(await call(basket.id, language()));
    } catch (error) {
      if (basketGone(error)) return drop();
      if (errorStatusOf(error) !== 404) throw error;
      const fresh = await reread(basket.id);
      if (!fresh) return drop();
      use(fresh);
      if (lineMayBeStale) return fresh;
      throw error;
    }
  }

  async function addLine(line: NewLine): Promise<void> {
    const item: AddBasketItem = { productId: line.productId, amount: line.amount, choices: line.choices };
    const held = liveBasket();
    if (held && (await attempt(held, (id, lang) => api.addBasketItem(id, item, lang), false))) return;
    // No basket yet, or it just turned out to be gone: GET /basket creates one (SPEC §4).
    const created = use(await api.createBasket(language()));
    use(await api.addBasketItem(created.id, item, language()));
  }

  /** An update or a removal on the basket held; false when the basket turned out to be gone. */
  async function changeLine(step: Exclude<BasketStep, { kind: "add" }>): Promise<boolean> {
    const basket = liveBasket();
    if (!basket) return false;
    const call =
      step.kind === "remove"
        ? (id: string, lang: string) => api.removeBasketItem(id, step.itemId, lang)
        : (id: string, lang: string) =>
            api.updateBasketItem(id, step.item.id, { ...step.item, amount: step.amount }, lang);
    return (await attempt(basket, call, true)) !== null;
  }

  async function runSteps(steps: BasketStep[]): Promise<void> {
    for (const step of steps) {
      if (step.kind === "add") await addLine(step.line);
      else if (!(await changeLine(step))) return;
    }
  }

  function lineSteps(itemId: string, amount: number | null): BasketStep[] {
    const item = liveBasket()?.items.find((line) => line.id === itemId);
    if (!item || amount === item.amount) return [];
    if (amount === null || amount < 1) return [{ kind: "remove", itemId }];
    return [{ kind: "update", item, amount }];
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () =>
      enqueue(async () => {
        set({ status: "loading" });
        const basketId = storedBasketId(storage);
        if (!basketId) {
          set({ basket: null, status: "ready", error: null });
          return;
        }
        try {
          const basket = await api.getBasket(basketId, language());
          if (expired(basket)) drop();
          else use(basket);
        } catch {
          // SPEC §4: a stored basket that cannot be fetched is dropped, not an error.
          drop();
        }
      }),
    add: (line) => enqueue(() => addLine(line)),
    setProductCount: (productId, count) => enqueue(() => runSteps(planProductCount(liveBasket(), productId, count))),
    setLineAmount: (itemId, amount) => enqueue(() => runSteps(lineSteps(itemId, amount))),
    removeLine: (itemId) => enqueue(() => runSteps(lineSteps(itemId, null))),
    clear: () =>
      enqueue(async () => {
        clearStoredOrder(storage);
        set({ basket: null, status: "ready", error: null, dropped: false });
      }),
    reloadForLanguage: () =>
      enqueue(async () => {
        const basket = liveBasket();
        if (!basket) return;
        const fresh = await reread(basket.id);
        if (fresh) use(fresh);
        else drop();
      }),
  };
}

/**
 * The shop's basket: our API, the browser's local storage, and i18next's language (the instance
 * lib/i18n.ts configures). The app calls load() at start and reloadForLanguage() on a language change.
 */
export const basketStore = createBasketStore({
  api: { getBasket, createBasket, addBasketItem, updateBasketItem, removeBasketItem },
  storage: browserStorage(),
  now: () => new Date(),
  language: () => i18next.language,
});

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
import { type BasketStep, countOfProduct, type NewLine, planProductCount } from "./basket-rules";

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
  /**
   * The last addition the server took: the shop shows it ("Added: Cheeseburger") wherever the add came from.
   * `serial` grows with every addition, so adding the same product twice shows it twice.
   */
  added: Addition | null;
};

/** A product that went into the basket: its name as the server answered it, in the guest's language. */
export type Addition = { productId: number; name: string; amount: number; serial: number };

export type BasketStore = {
  getSnapshot(): BasketState;
  subscribe(listener: () => void): () => void;
  /** App start: the stored basket, unless it fails to load or is older than 120 minutes (ids dropped). */
  load(): Promise<void>;
  /** Adds a line, creating the basket first when there is none. */
  add(line: NewLine): Promise<void>;
  /**
   * The menu's counter of a product without options, by a step (+1, −1; to 0 or below removes all its lines):
   * counted from the basket when the step's turn in the queue comes, so a second tap before the server answered
   * the first is a second unit, not the same count sent twice.
   */
  changeProductCount(productId: number, by: number): Promise<void>;
  /** A cart line's counter: below 1 removes the line. */
  setLineAmount(itemId: string, amount: number): Promise<void>;
  removeLine(itemId: string): Promise<void>;
  /** Clear order: wipes the order's stored data (not the language) and empties the basket. */
  clear(): Promise<void>;
  /** Reads the basket again so its names follow a language change. */
  reloadForLanguage(): Promise<void>;
  /**
   * Reads the basket again when the guest comes back to the page: another tab of the same basket may have
   * changed it. A read that fails keeps what is shown (no error page for a look at the tab).
   */
  refresh(): Promise<void>;
};

const INITIAL_STATE: BasketState = {
  basket: null,
  status: "idle",
  error: null,
  pending: false,
  dropped: false,
  added: null,
};

/**
 * The basket is gone, not broken: expired (410 BASKET_EXPIRED) or already ordered (409 BASKET_ORDERED,
 * "start a new basket for a new order"). A 404 is decided by reading the basket again (see `attempt`).
 */
function basketGone(error: unknown): boolean {
  return errorStatusOf(error) === 410 || errorCodeOf(error) === "BASKET_ORDERED";
}

/** The state and its listeners, and the queue every action runs in (one after another). */
function createCell() {
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

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { get: () => state, set, enqueue, subscribe };
}

type Cell = ReturnType<typeof createCell>;

/** The basket held: taking an answer, dropping a basket that is gone, reading it again. */
function createHolder(cell: Cell, { api, storage, now, language }: BasketStoreDeps) {
  function use(basket: Basket): Basket {
    rememberBasketId(basket.id, storage);
    cell.set({ basket, status: "ready", error: null, dropped: false });
    return basket;
  }

  function drop(): null {
    forgetStoredIds(storage);
    cell.set({ basket: null, status: "ready", error: null, dropped: true });
    return null;
  }

  const expired = (basket: Basket) => isBasketExpired(new Date(basket.createdTimeUtc), now());

  /** The basket held, unless it has expired since it was read (then it is dropped, SPEC §4). */
  function liveBasket(): Basket | null {
    const basket = cell.get().basket;
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

  return { use, drop, expired, liveBasket, reread };
}

type Holder = ReturnType<typeof createHolder>;

/**
 * One call on the basket. When the basket is gone the ids are dropped and null comes back (the guest
 * starts over, no error page). A 404 may name the basket, a line or a product, so the basket is read
 * again to tell: a line already removed elsewhere (`lineMayBeStale`) then simply shows the fresh basket.
 */
async function attempt(
  holder: Holder,
  language: () => string,
  basket: Basket,
  call: (basketId: string, language: string) => Promise<Basket>,
  lineMayBeStale: boolean,
): Promise<Basket | null> {
  try {
    return holder.use(await call(basket.id, language()));
  } catch (error) {
    if (basketGone(error)) return holder.drop();
    if (errorStatusOf(error) !== 404) throw error;
    const fresh = await holder.reread(basket.id);
    if (!fresh) return holder.drop();
    holder.use(fresh);
    if (lineMayBeStale) return fresh;
    throw error;
  }
}

/** The changes of lines: adding (creating the basket when needed), updating and removing. */
function createEditor(holder: Holder, { api, language }: BasketStoreDeps) {
  async function addLine(line: NewLine): Promise<void> {
    const item: AddBasketItem = { productId: line.productId, amount: line.amount, choices: line.choices };
    const held = holder.liveBasket();
    const call = (id: string, lang: string) => api.addBasketItem(id, item, lang);
    if (held && (await attempt(holder, language, held, call, false))) return;
    // No basket yet, or it just turned out to be gone: GET /basket creates one (SPEC §4).
    const created = holder.use(await api.createBasket(language()));
    holder.use(await api.addBasketItem(created.id, item, language()));
  }

  /** An update or a removal on the basket held; false when the basket turned out to be gone. */
  async function changeLine(step: Exclude<BasketStep, { kind: "add" }>): Promise<boolean> {
    const basket = holder.liveBasket();
    if (!basket) return false;
    const call =
      step.kind === "remove"
        ? (id: string, lang: string) => api.removeBasketItem(id, step.itemId, lang)
        : (id: string, lang: string) =>
            api.updateBasketItem(id, step.item.id, { ...step.item, amount: step.amount }, lang);
    return (await attempt(holder, language, basket, call, true)) !== null;
  }

  /** The steps in order; false when the basket turned out to be gone (the rest is not tried). */
  async function runSteps(steps: BasketStep[]): Promise<boolean> {
    for (const step of steps) {
      if (step.kind === "add") await addLine(step.line);
      else if (!(await changeLine(step))) return false;
    }
    return true;
  }

  /**
   * The menu's counter. When the basket turns out to be gone on the way (ordered in another tab, or expired),
   * the units the guest just added go into a new basket instead of vanishing with the old one: a tap on + that
   * did nothing at all looked broken.
   */
  async function setProductCount(productId: number, count: number): Promise<void> {
    const held = holder.liveBasket();
    const before = countOfProduct(held, productId);
    const completed = await runSteps(planProductCount(held, productId, count));
    if (!completed && count > before) await addLine({ productId, amount: count - before, choices: [] });
  }

  function lineSteps(itemId: string, amount: number | null): BasketStep[] {
    const item = holder.liveBasket()?.items.find((line) => line.id === itemId);
    if (!item || amount === item.amount) return [];
    if (amount === null || amount < 1) return [{ kind: "remove", itemId }];
    return [{ kind: "update", item, amount }];
  }

  return { addLine, runSteps, lineSteps, setProductCount };
}

export function createBasketStore(deps: BasketStoreDeps): BasketStore {
  const { api, storage, language } = deps;
  const cell = createCell();
  const holder = createHolder(cell, deps);
  const editor = createEditor(holder, deps);
  const { enqueue, set } = cell;
  let additions = 0;

  /** Records what an action added: the units of `productId` beyond `before`, named as the server answered. */
  function noteAddition(productId: number, before: number): void {
    const basket = cell.get().basket;
    const amount = countOfProduct(basket, productId) - before;
    const line = basket?.items.findLast((item) => item.productId === productId);
    if (amount <= 0 || !line) return;
    additions += 1;
    set({ added: { productId, name: line.name, amount, serial: additions } });
  }

  /** Runs `change`, then notes what it added of `productId` (nothing when it failed: the error page shows). */
  async function adding(productId: number, change: () => Promise<void>): Promise<void> {
    const held = holder.liveBasket();
    const before = countOfProduct(held, productId);
    await change();
    // In a new basket (the old one was ordered or expired on the way) everything of the product is new.
    noteAddition(productId, cell.get().basket?.id === held?.id ? before : 0);
  }

  async function load(): Promise<void> {
    set({ status: "loading" });
    const basketId = storedBasketId(storage);
    if (!basketId) {
      set({ basket: null, status: "ready", error: null });
      return;
    }
    try {
      const basket = await api.getBasket(basketId, language());
      if (holder.expired(basket)) holder.drop();
      else holder.use(basket);
    } catch {
      // SPEC §4: a stored basket that cannot be fetched is dropped, not an error.
      holder.drop();
    }
  }

  async function reloadForLanguage(): Promise<void> {
    const basket = holder.liveBasket();
    if (!basket) return;
    const fresh = await holder.reread(basket.id);
    if (fresh) holder.use(fresh);
    else holder.drop();
  }

  async function refresh(): Promise<void> {
    const basket = holder.liveBasket();
    if (!basket) return;
    let fresh: Basket | null;
    try {
      fresh = await holder.reread(basket.id);
    } catch {
      return;
    }
    if (fresh) holder.use(fresh);
    else holder.drop();
  }

  return {
    getSnapshot: cell.get,
    subscribe: cell.subscribe,
    load: () => enqueue(load),
    add: (line) => enqueue(() => adding(line.productId, () => editor.addLine(line))),
    changeProductCount: (productId, by) =>
      enqueue(() =>
        adding(productId, () => editor.setProductCount(productId, countOfProduct(holder.liveBasket(), productId) + by)),
      ),
    setLineAmount: (itemId, amount) =>
      enqueue(async () => void (await editor.runSteps(editor.lineSteps(itemId, amount)))),
    removeLine: (itemId) => enqueue(async () => void (await editor.runSteps(editor.lineSteps(itemId, null)))),
    clear: () =>
      enqueue(async () => {
        clearStoredOrder(storage);
        set({ basket: null, status: "ready", error: null, dropped: false });
      }),
    reloadForLanguage: () => enqueue(reloadForLanguage),
    refresh: () => enqueue(refresh),
  };
}

type VisiblePage = Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;

/**
 * The guest's tabs share one basket (its id in local storage): a checkout left open in one tab while another adds
 * a drink showed 119 kr. and placed an order of 154 kr. Coming back to a tab reads the basket again, so what the
 * page shows (and the guest agrees to) is what will be ordered. Returns the unsubscribe.
 */
export function refreshBasketOnReturn(store: Pick<BasketStore, "refresh">, page: VisiblePage = document): () => void {
  const onVisibility = () => {
    if (page.visibilityState === "visible") void store.refresh();
  };
  page.addEventListener("visibilitychange", onVisibility);
  return () => page.removeEventListener("visibilitychange", onVisibility);
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

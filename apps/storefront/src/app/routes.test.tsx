// @vitest-environment happy-dom
import type { Category, Module, Product } from "@app/contracts";
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { SESSION_LOGIN_KEY } from "../features/auth";
import { type BasketStore, BasketStoreProvider } from "../features/basket";
import type { Catalogue } from "../features/menu";
import { type AppState, DEFAULT_SETTINGS, type Shop } from "../features/shop";
import { basketStoreWith } from "../testing/basket-fixtures";
import { startEnglish } from "../testing/start-english";
import { createRoutes, type RouterDeps } from "./routes";

beforeAll(startEnglish);
// The pages are lazy routes: the first visit of each transforms its module graph, which on a busy 2-core
// machine takes longer than testing-library's default second of waiting.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const PRODUCTION_UNIT_ID = 41;

function shop(
  overrides: { settings?: Partial<Shop["settings"]>; isDownForMaintenance?: boolean; paymentTestMode?: boolean } = {},
): Shop {
  return {
    token: "t",
    module: { id: 1, productionUnitId: PRODUCTION_UNIT_ID, menuInstanceId: 5, isVisible: true } as Module,
    productionUnit: {
      id: PRODUCTION_UNIT_ID,
      name: "Restaurant A",
      timeZone: "Europe/Copenhagen",
    } as Shop["productionUnit"],
    settings: { ...DEFAULT_SETTINGS, ...overrides.settings },
    languages: { defaultLanguage: "da-DK", languages: [] },
    openingHours: {
      date: "2026-11-23",
      open: "11:00",
      close: "21:00",
      isOpen: true,
      timeZone: "Europe/Copenhagen",
      orderingPausedUntil: null,
      busyMinutes: 0,
    },
    isDownForMaintenance: overrides.isDownForMaintenance ?? false,
    // A live payment account unless a test says otherwise (issue 46's test-mode band is tested on its own).
    paymentTestMode: overrides.paymentTestMode ?? false,
  };
}

/** A product without options, as the API answers it. */
function product(fields: Pick<Product, "id" | "price"> & { name?: Product["name"] }): Product {
  return {
    productId: fields.id,
    name: fields.name ?? { "en-US": `Product ${fields.id}` },
    subtitle: {},
    description: {},
    originalPrice: null,
    unitPrice: fields.price,
    productPriceDaily: null,
    labelIds: [],
    modifiers: [],
    internalName: "",
    imageUrl: "",
    isGiftcard: false,
    ...fields,
  };
}

const burger = product({ id: 70, name: { "en-US": "Classic burger" }, price: 95 });
const cola = product({ id: 71, name: { "en-US": "Cola" }, price: 25 });
const category = (id: number, name: string, productIds: number[], internalName = "c"): Category => ({
  id,
  name: { "en-US": name },
  description: { "en-US": `All our ${name.toLowerCase()}` },
  internalName,
  imageUrl: `/${id}.png`,
  sortOrder: id,
  products: productIds.map((productId, sortOrder) => ({ productId, sortOrder })),
});
const catalogue: Catalogue = {
  menu: { id: 1, name: "Menu", active: true },
  categories: [
    category(7, "Burgers", [70]),
    category(8, "Lunch", [70], "frokostkategori"),
    category(9, "Extras", [71, 73]),
    category(10, "Free things", [72]),
  ],
  productsById: new Map([
    [70, burger],
    [71, cola],
    [72, product({ id: 72, price: 0 })],
    [73, product({ id: 73, name: { "en-US": "Bag" }, price: 4 })],
  ]),
  labels: [],
};

/** The checkout instance's settings: gift cards and discounts on, today only, 15-minute slots. */
const instanceSetting = (instanceId: number) => ({
  instanceId,
  isGiftcardEnabled: true,
  isDiscountEnabled: true,
  guestFutureOrderDates: 0,
  chainDeliveryEnabled: false,
  orderTimeInterval: 15,
});

function renderAt(path: string, state: AppState, deps: Partial<RouterDeps> = {}, basket?: BasketStore) {
  const router = createMemoryRouter(
    createRoutes({
      appState: async () => state,
      isLoggedIn: (id) => sessionStorage.getItem(SESSION_LOGIN_KEY) === String(id),
      userAgent: () => "Mozilla/5.0 Chrome/120.0",
      ensureLanguage: async () => {},
      catalogue: async () => catalogue,
      stock: async () => ({ blockedProductIds: new Set(), blockedChoiceIds: new Set() }),
      loadBasket: async () => {},
      checkoutInstance: async (instanceId) => instanceSetting(instanceId),
      now: () => new Date("2026-11-23T11:00:00Z"),
      onLoginAttempt: () => {},
      ...deps,
    }),
    { initialEntries: [path] },
  );
  const page = <RouterProvider router={router} />;
  render(basket ? <BasketStoreProvider store={basket}>{page}</BasketStoreProvider> : page);
  return router;
}

const heading = () => screen.findByRole("heading", { level: 1 });
const logIn = () => sessionStorage.setItem(SESSION_LOGIN_KEY, String(PRODUCTION_UNIT_ID));
const ready = (s = shop()): AppState => ({ status: "ready", shop: s });

describe("redirect rules in the router (SPEC §2)", () => {
  test("no token after loading leads to /notfound", async () => {
    const router = renderAt("/", { status: "no-token" });
    expect((await heading()).textContent).toBe("Page not found");
    expect(router.state.location.pathname).toBe("/notfound");
  });

  test("an error leads to /error with the trace id as subtitle", async () => {
    const router = renderAt("/", { status: "error", error: new Error("x"), traceId: "trace-123" });
    expect((await heading()).textContent).toBe("Sorry, an error has occurred");
    expect(router.state.location.pathname).toBe("/error");
    expect(screen.getByText("Error reference: trace-123")).toBeTruthy();
  });

  test("Internet Explorer leads to /error with the unsupported-browser message", async () => {
    const router = renderAt("/", ready(), { userAgent: () => "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)" });
    await heading();
    expect(router.state.location.pathname).toBe("/error");
    expect(screen.getByText(/we do not support your browser/)).toBeTruthy();
  });

  test("/error for a busy network (429 TOO_MANY_REQUESTS) asks the guest to wait a minute", async () => {
    renderAt("/error?reason=busy", ready());
    expect((await heading()).textContent).toBe("Sorry, an error has occurred");
    expect(screen.getByText(/Please wait a minute and try again/)).toBeTruthy();
  });

  test("maintenance mode leads to /maintenance", async () => {
    logIn();
    const router = renderAt("/menu/7", ready(shop({ isDownForMaintenance: true })));
    expect((await heading()).textContent).toBe("We are updating the shop");
    expect(router.state.location.pathname).toBe("/maintenance");
  });

  test("a maintenance flag switched on while the guest browses sends the next page to /maintenance", async () => {
    logIn();
    let down = false;
    const router = renderAt("/", ready(), { maintenanceNow: async () => down });
    await screen.findByText("Burgers");
    down = true;
    await act(() => router.navigate("/menu/7"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/maintenance"));
  });

  test("with the closed front page, /checkout goes to / which shows the closed message", async () => {
    logIn();
    const router = renderAt("/checkout", ready(shop({ settings: { showClosedFrontpageMessage: true } })));
    expect((await heading()).textContent).toBe("Temporarily closed");
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByText("The restaurant is closed. An order cannot be placed.")).toBeTruthy();
  });

  test("with the closed front page, no basket button: a basket filled before is listed as kept, unchanged", async () => {
    logIn();
    const lines = [{ id: "l-1", productId: 1, amount: 2, choices: [] }];
    const { store: basket, server, storage } = await basketStoreWith(lines, new Date("2026-11-23T11:00:00Z"));
    renderAt("/", ready(shop({ settings: { showClosedFrontpageMessage: true } })), {}, basket);
    expect((await heading()).textContent).toBe("Temporarily closed");
    expect(await screen.findByRole("region", { name: "Your basket is kept" })).toBeTruthy();
    expect(screen.getByText("2 × Burger")).toBeTruthy();
    // Neither the header's basket nor the phone's bar: both led to a checkout that sends the guest back here.
    expect(screen.queryByRole("button", { name: /Basket/ })).toBeNull();
    expect(screen.queryByRole("complementary", { name: "Your basket" })).toBeNull();
    expect(server.calls).toEqual([]);
    expect(storage.getItem("basketId")).toBe("b-1");
  });

  test("open, the header offers the basket as before", async () => {
    logIn();
    renderAt("/", ready());
    await heading();
    expect(screen.getByRole("button", { name: /^Basket, / })).toBeTruthy();
  });

  test("with the closed front page, an order path stays", async () => {
    logIn();
    const router = renderAt("/order/c-1", ready(shop({ settings: { showClosedFrontpageMessage: true } })));
    expect((await heading()).textContent).toBe("Please do not press back or refresh the page");
    expect(router.state.location.pathname).toBe("/order/c-1");
  });

  test("with a start category, / goes to /menu/{startCategory}", async () => {
    logIn();
    const router = renderAt("/", ready(shop({ settings: { startCategory: 7 } })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/menu/7"));
  });

  test("an unknown path goes to /notfound", async () => {
    const router = renderAt("/no/such/page", ready());
    expect((await heading()).textContent).toBe("Page not found");
    expect(router.state.location.pathname).toBe("/notfound");
    // A status page has the skip link first too.
    expect(screen.getAllByRole("link")[0]?.textContent).toBe("Skip to content");
  });

  test("logged in, / shows the category tiles and sets the page title", async () => {
    logIn();
    renderAt("/", ready());
    expect((await heading()).textContent).toBe("What do you feel like?");
    expect(await screen.findByText("Burgers")).toBeTruthy();
    // The title is set in an effect, which React may run after the heading is in the DOM.
    await waitFor(() => expect(document.title).toBe("What do you feel like? · Restaurant A"));
  });
});

describe("the login gate", () => {
  test("a deep link without login goes to /, and after login back to where the guest wanted", async () => {
    const router = renderAt("/checkout", ready());
    await screen.findByLabelText("Password");
    expect(router.state.location.pathname).toBe("/");
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "anna" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: String(PRODUCTION_UNIT_ID) } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Log in" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"));
    expect((await heading()).textContent).toBe("Complete your order");
  });

  test("a wrong password is refused with its message, announced as an alert", async () => {
    const onLoginAttempt = vi.fn();
    renderAt("/", ready(), { onLoginAttempt });
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "anna" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The password is incorrect");
    expect(sessionStorage.getItem(SESSION_LOGIN_KEY)).toBeNull();
    expect(onLoginAttempt).toHaveBeenCalledWith({ username: "anna", password: "wrong" });
  });

  test("the production unit id is accepted, kept in session storage, and the tiles show", async () => {
    const onLoginAttempt = vi.fn();
    renderAt("/", ready(), { onLoginAttempt });
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "anna" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: String(PRODUCTION_UNIT_ID) } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Log in" })));
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_LOGIN_KEY)).toBe(String(PRODUCTION_UNIT_ID));
    expect(onLoginAttempt).toHaveBeenCalledWith({ username: "anna", password: String(PRODUCTION_UNIT_ID) });
  });

  test("with the login gate switched off (requireLogin false), a deep link opens at once and / shows no form", async () => {
    const open = ready(shop({ settings: { requireLogin: false } }));
    const router = renderAt("/menu/7", open);
    expect((await heading()).textContent).toBe("Burgers");
    expect(router.state.location.pathname).toBe("/menu/7");
    await act(() => router.navigate("/"));
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(sessionStorage.getItem(SESSION_LOGIN_KEY)).toBeNull();
  });

  test("both fields are required", async () => {
    const onLoginAttempt = vi.fn();
    renderAt("/", ready(), { onLoginAttempt });
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: String(PRODUCTION_UNIT_ID) } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please enter both username and password");
    expect(onLoginAttempt).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(SESSION_LOGIN_KEY)).toBeNull();
  });
});

describe("menu pages", () => {
  test("the front page shows only categories with a priced product, the lunch menu before 16", async () => {
    logIn();
    renderAt("/", ready());
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(screen.getByText("Lunch")).toBeTruthy();
    expect(screen.queryByText("Free things")).toBeNull();
  });

  test("after 16 on the restaurant's clock the lunch menu is gone, and its deep link goes to /", async () => {
    logIn();
    const router = renderAt("/menu/8", ready(), { now: () => new Date("2026-11-23T15:30:00Z") });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(screen.queryByText("Lunch")).toBeNull();
  });

  test("/menu/{id} shows the category's title, description, sidebar and priced products", async () => {
    logIn();
    renderAt("/menu/7", ready());
    expect((await heading()).textContent).toBe("Burgers");
    expect(screen.getByText("All our burgers")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Burgers" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByText("Classic burger")).toBeTruthy();
    // The title is set in an effect, which React may run after the heading is in the DOM.
    await waitFor(() => expect(document.title).toBe("Burgers · Restaurant A"));
  });

  test("the bag-fee product is not offered on the menu or the precheckout page", async () => {
    logIn();
    renderAt("/menu/9", ready(shop({ settings: { bagFeeItem: 73 } })));
    expect((await heading()).textContent).toBe("Extras");
    expect(screen.getByText("Cola")).toBeTruthy();
    expect(screen.queryByText("Bag")).toBeNull();
    cleanup();
    renderAt("/precheckout", ready(shop({ settings: { bagFeeItem: 73, precheckoutCategory: 9 } })));
    expect((await heading()).textContent).toBe("Have you remembered everything?");
    expect(screen.getByText("Cola")).toBeTruthy();
    expect(screen.queryByText("Bag")).toBeNull();
  });

  test("an unknown category is /notfound", async () => {
    logIn();
    const router = renderAt("/menu/999", ready());
    await waitFor(() => expect(router.state.location.pathname).toBe("/notfound"));
  });

  test("/precheckout lists the precheckout category's products and is not among the tiles", async () => {
    logIn();
    const router = renderAt("/precheckout", ready(shop({ settings: { precheckoutCategory: 9 } })));
    expect((await heading()).textContent).toBe("Have you remembered everything?");
    expect(screen.getByText("Cola")).toBeTruthy();
    await act(async () => router.navigate("/"));
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(screen.queryByText("Extras")).toBeNull();
  });

  test.each([
    ["no precheckout category is set", null, new Set<number>()],
    ["the category has no available products", 9, new Set([71, 73])],
    ["the category holds only unpriced products", 10, new Set<number>()],
  ])("/precheckout goes to /checkout when %s", async (_, precheckoutCategory, blockedProductIds) => {
    logIn();
    const router = renderAt("/precheckout", ready(shop({ settings: { precheckoutCategory } })), {
      stock: async () => ({ blockedProductIds, blockedChoiceIds: new Set() }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"));
  });
});

describe("/checkout", () => {
  test("with an empty basket only the cart shows, with continue-shopping and a way back to /", async () => {
    logIn();
    const router = renderAt("/checkout", ready());
    expect((await heading()).textContent).toBe("Complete your order");
    expect(screen.getByText("Your basket is empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: /Back to the menu/ }).getAttribute("href")).toBe("/");
    // SPEC §2: the header (and with it the basket button) is hidden on /checkout.
    expect(screen.queryByRole("button", { name: /^Basket/ })).toBeNull();
    expect(router.state.location.pathname).toBe("/checkout");
  });
});

describe("the first load of /checkout", () => {
  /** The checkout instance's read, held until the test lets it answer. */
  function heldInstance() {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const checkoutInstance = async (instanceId: number) => {
      await held;
      return instanceSetting(instanceId);
    };
    return { checkoutInstance, answer: () => answer() };
  }

  test("shows the way back, the heading and the test band while the page's own reads are under way", async () => {
    logIn();
    const instance = heldInstance();
    // The frame suspends on the app's start: React retries a render that suspended inside `act` only when
    // that act is awaited.
    const router = await act(async () =>
      renderAt("/checkout", ready(shop({ paymentTestMode: true })), { checkoutInstance: instance.checkoutInstance }),
    );
    expect((await heading()).textContent).toBe("Complete your order");
    expect(screen.getByRole("link", { name: /Back to the menu/ }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("complementary", { name: "Test mode" })).toBeTruthy();
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
    expect(router.state.initialized).toBe(false);
    expect(screen.queryByText("Your basket is empty")).toBeNull();

    instance.answer();
    expect(await screen.findByText("Your basket is empty")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Complete your order"]);
    expect(screen.getByRole("main").getAttribute("aria-busy")).toBeNull();
  });

  test("a guest a redirect rule sends elsewhere sees no checkout on the way (here: the login first)", async () => {
    let readFlag: (down: boolean) => void = () => {};
    const flag = new Promise<boolean>((resolve) => (readFlag = resolve));
    renderAt("/checkout", ready(), { maintenanceNow: () => flag });
    // The app has started (its promise settled a few ticks ago) while the maintenance flag's read is held.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.querySelector(".page-loading")).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Complete your order" })).toBeNull();
    readFlag(false);
    expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Complete your order" })).toBeNull();
  });

  test("other pages load behind the page's skeleton, not the checkout's frame", async () => {
    logIn();
    let start: (state: AppState) => void = () => {};
    const started = new Promise<AppState>((resolve) => (start = resolve));
    renderAt("/menu/7", ready(), { appState: () => started });
    await waitFor(() => expect(document.querySelector(".page-loading")).not.toBeNull());
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    start(ready());
    expect((await heading()).textContent).toBe("Burgers");
  });
});

describe("test mode (issue 46)", () => {
  test("a shop whose payments move no money says so on every page, /checkout too, where the header is hidden", async () => {
    logIn();
    renderAt("/", ready(shop({ paymentTestMode: true })));
    expect((await heading()).textContent).toBe("What do you feel like?");
    expect(screen.getByRole("complementary", { name: "Test mode" }).textContent).toBe(
      "Test mode – no money is charged",
    );
    cleanup();
    renderAt("/checkout", ready(shop({ paymentTestMode: true })));
    expect((await heading()).textContent).toBe("Complete your order");
    expect(screen.getByRole("complementary", { name: "Test mode" })).toBeTruthy();
  });

  test("a live payment account shows no band", async () => {
    logIn();
    renderAt("/", ready(shop({ paymentTestMode: false })));
    expect((await heading()).textContent).toBe("What do you feel like?");
    expect(screen.queryByRole("complementary", { name: "Test mode" })).toBeNull();
  });
});

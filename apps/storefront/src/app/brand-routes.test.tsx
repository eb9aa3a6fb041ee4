// @vitest-environment happy-dom
import type { Module, Terms } from "@app/contracts";
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { SESSION_LOGIN_KEY } from "../features/auth";
import { type AppState, DEFAULT_SETTINGS, type Shop } from "../features/shop";
import { startEnglish } from "../testing/start-english";
import { createRoutes, type RouterDeps } from "./routes";

beforeAll(startEnglish);
// /terms is a lazy route: its first visit transforms its module graph, slow on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  document.documentElement.removeAttribute("style");
});

const shop: Shop = {
  token: "t",
  module: { id: 3, productionUnitId: 41, menuInstanceId: 5, capacityInstanceId: 9, isVisible: true } as Module,
  productionUnit: {
    id: 41,
    name: "Bistro Nørrebro",
    address: "Nørrebrogade 42, 2200 København N",
    zipCode: "2200",
    phone: "35361122",
    receiptEmail: "kvittering@bistro-norrebro.dk",
    cvrNumber: "38472915",
    timeZone: "Europe/Copenhagen",
  },
  settings: { ...DEFAULT_SETTINGS, logo: "/images/logo-a.svg", primaryColor: "#b34a12", terms: "/terms" },
  languages: { defaultLanguage: "da-DK", languages: [] },
  openingHours: {
    date: "2026-11-23",
    open: "00:00",
    close: "24:00",
    isOpen: true,
    timeZone: "Europe/Copenhagen",
    orderingPausedUntil: null,
    busyMinutes: 0,
  },
  isDownForMaintenance: false,
  paymentTestMode: false,
};

const TERMS: Terms = {
  moduleId: 3,
  effectiveFrom: "2026-11-01",
  texts: [
    { language: "da-DK", sections: [{ heading: "1. Sælger", body: "Bistro Nørrebro, CVR-nr. 38472915." }] },
    {
      language: "en-US",
      sections: [
        { heading: "1. The seller", body: "Bistro Nørrebro.\n\nCVR no. 38472915." },
        { heading: "5. Right of withdrawal", body: "Food prepared for you cannot be returned." },
      ],
    },
  ],
};

function renderAt(path: string | string[], state: AppState, deps: Partial<RouterDeps> = {}) {
  const router = createMemoryRouter(
    createRoutes({
      appState: async () => state,
      isLoggedIn: (id) => sessionStorage.getItem(SESSION_LOGIN_KEY) === String(id),
      userAgent: () => "Mozilla/5.0 Chrome/120.0",
      ensureLanguage: async () => {},
      catalogue: async () => ({
        menu: { id: 1, name: "Menu", active: true },
        categories: [],
        productsById: new Map(),
        labels: [],
      }),
      stock: async () => ({ blockedProductIds: new Set(), blockedChoiceIds: new Set() }),
      loadBasket: async () => {},
      now: () => new Date("2026-11-23T11:00:00Z"),
      onLoginAttempt: () => {},
      terms: async () => TERMS,
      ...deps,
    }),
    { initialEntries: Array.isArray(path) ? path : [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const ready: AppState = { status: "ready", shop };
const heading = () => screen.findByRole("heading", { level: 1 });

describe("status pages keep the restaurant's brand", () => {
  test.each([
    ["/notfound", "Page not found"],
    ["/maintenance", "We are updating the shop"],
    ["/error", "Sorry, an error has occurred"],
  ])("%s shows the logo, the brand colour, the phone to call and the address", async (path, title) => {
    renderAt(path, ready);
    expect((await heading()).textContent).toBe(title);
    expect(
      screen
        .getByRole("link", { name: "Bistro Nørrebro – to the front page" })
        .querySelector("img")
        ?.getAttribute("src"),
    ).toBe("/images/logo-a.svg");
    expect(screen.getByRole("link", { name: "Call 35 36 11 22" }).getAttribute("href")).toBe("tel:+4535361122");
    expect(screen.getByText("Nørrebrogade 42, 2200 København N")).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue("--brand")).toBe("#b34a12");
    await waitFor(() => expect(document.title).toBe(`${title} · Bistro Nørrebro`));
  });

  test("/error after a failed start shows unbranded: no logo, no contact, the title alone", async () => {
    renderAt("/error", { status: "error", error: new Error("down") });
    expect((await heading()).textContent).toBe("Sorry, an error has occurred");
    expect(screen.queryByRole("link", { name: /to the front page/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /^Call / })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Sorry, an error has occurred"));
  });
});

describe("the closed front page", () => {
  test("says how to reach the restaurant: its phone to call and its address", async () => {
    sessionStorage.setItem(SESSION_LOGIN_KEY, "41");
    const closed = { ...shop, settings: { ...shop.settings, showClosedFrontpageMessage: true } };
    renderAt("/", { status: "ready", shop: closed });
    expect((await heading()).textContent).toBe("Temporarily closed");
    expect((await screen.findByRole("link", { name: "Call 35 36 11 22" })).getAttribute("href")).toBe(
      "tel:+4535361122",
    );
    expect(screen.getByText("Contact Bistro Nørrebro")).toBeTruthy();
    // No band saying "open now" under a page that says the restaurant is closed.
    expect(document.querySelector(".restaurant-band")).toBeNull();
  });
});

describe("/terms", () => {
  test("shows the restaurant's terms without the session login, with its name and seller details", async () => {
    renderAt("/terms", ready);
    expect((await heading()).textContent).toBe("Terms of trade");
    const article = screen.getByRole("article");
    expect(within(article).getByRole("heading", { name: "5. Right of withdrawal" })).toBeTruthy();
    expect(within(article).getByText("CVR no. 38472915.")).toBeTruthy();
    expect(screen.getByText("CVR no. 38472915")).toBeTruthy();
    expect(screen.getByText(/In force from November 1, 2026/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Terms of trade · Bistro Nørrebro"));
  });

  test("Back returns to the page the guest came from", async () => {
    const router = renderAt(["/notfound", "/terms"], ready);
    await heading();
    // The memory router starts at the last entry, /terms, with the page before it in its history.
    fireEvent.click(screen.getAllByRole("button", { name: "Back" })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/notfound"));
  });

  test("opened on its own (a new tab), Back is a link to the front page", async () => {
    renderAt("/terms", ready);
    await heading();
    expect(screen.getAllByRole("link", { name: "Back" })[0]!.getAttribute("href")).toBe("/");
  });

  test("a restaurant without terms here says so, and links its own site's terms when the setting is one", async () => {
    const external = { ...shop, settings: { ...shop.settings, terms: "https://bistro.example.dk/betingelser" } };
    renderAt("/terms", { status: "ready", shop: external }, { terms: async () => null });
    await heading();
    expect(screen.getByText(/has not published its terms here/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Read the terms on the restaurant's own site/ }).getAttribute("href")).toBe(
      "https://bistro.example.dk/betingelser",
    );
  });

  test("no shop for this host: /notfound", async () => {
    const router = renderAt("/terms", { status: "no-token" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/notfound"));
  });
});

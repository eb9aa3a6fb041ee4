// @vitest-environment happy-dom
import type { Module } from "@app/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { SESSION_LOGIN_KEY } from "../features/auth";
import { type AppState, DEFAULT_SETTINGS, type Shop } from "../features/shop";
import enUS from "../locales/en-US.json";
import { createRoutes, type RouterDeps } from "./routes";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en-US",
    resources: { "en-US": { translation: enUS } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const PRODUCTION_UNIT_ID = 41;

function shop(overrides: { settings?: Partial<Shop["settings"]>; isDownForMaintenance?: boolean } = {}): Shop {
  return {
    token: "t",
    module: { id: 1, productionUnitId: PRODUCTION_UNIT_ID, menuInstanceId: 5, isVisible: true } as Module,
    productionUnit: { id: PRODUCTION_UNIT_ID, name: "Restaurant A" } as Shop["productionUnit"],
    settings: { ...DEFAULT_SETTINGS, ...overrides.settings },
    languages: { defaultLanguage: "da-DK", languages: [] },
    openingHours: null,
    isDownForMaintenance: overrides.isDownForMaintenance ?? false,
  };
}

function renderAt(path: string, state: AppState, deps: Partial<RouterDeps> = {}) {
  const router = createMemoryRouter(
    createRoutes({
      appState: async () => state,
      isLoggedIn: (id) => sessionStorage.getItem(SESSION_LOGIN_KEY) === String(id),
      userAgent: () => "Mozilla/5.0 Chrome/120.0",
      ensureLanguage: async () => {},
      getCategories: async () => [
        { id: 7, name: { "en-US": "Burgers" }, description: {}, internalName: "b", imageUrl: "/b.png", products: [] },
      ],
      onLoginAttempt: () => {},
      ...deps,
    }),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
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

  test("maintenance mode leads to /maintenance", async () => {
    logIn();
    const router = renderAt("/menu/7", ready(shop({ isDownForMaintenance: true })));
    expect((await heading()).textContent).toBe("We are updating the shop");
    expect(router.state.location.pathname).toBe("/maintenance");
  });

  test("with the closed front page, /checkout goes to / which shows the closed message", async () => {
    logIn();
    const router = renderAt("/checkout", ready(shop({ settings: { showClosedFrontpageMessage: true } })));
    expect((await heading()).textContent).toBe("Temporarily closed");
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByText("The restaurant is closed. An order cannot be placed.")).toBeTruthy();
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
  });

  test("logged in, / shows the category tiles and sets the page title", async () => {
    logIn();
    renderAt("/", ready());
    expect((await heading()).textContent).toBe("What do you feel like?");
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(document.title).toBe("What do you feel like?");
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
    expect(onLoginAttempt).toHaveBeenCalledWith({ username: "anna", passwordApproved: false });
  });

  test("the production unit id is accepted, kept in session storage, and the tiles show", async () => {
    const onLoginAttempt = vi.fn();
    renderAt("/", ready(), { onLoginAttempt });
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "anna" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: String(PRODUCTION_UNIT_ID) } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Log in" })));
    expect(await screen.findByText("Burgers")).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_LOGIN_KEY)).toBe(String(PRODUCTION_UNIT_ID));
    expect(onLoginAttempt).toHaveBeenCalledWith({ username: "anna", passwordApproved: true });
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

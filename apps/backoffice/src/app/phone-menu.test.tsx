// @vitest-environment happy-dom
import type { Me } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { testI18n } from "../lib/test-i18n";
import enUS from "../locales/en-US.json";
import { PhoneMenu } from "./phone-menu";

const { i18n, start } = testI18n("en-US", { "en-US": enUS });
beforeAll(start);
afterEach(cleanup);

const me: Me = {
  account: {
    id: "0b9f3c1e-6a1d-4f5e-9a0b-2c3d4e5f6a7b",
    email: "ejer@bistro-norrebro.example",
    name: "Ejer, Bistro Nørrebro",
  },
  memberships: [],
  csrfToken: "token",
};

function renderMenu() {
  const page = (title: string) => (
    <>
      <PhoneMenu me={me} links={<Link to="/audit">Audit log</Link>} />
      <main>
        <h1>{title}</h1>
        <button type="button">On the page</button>
      </main>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: "/", element: page("Your restaurants") },
      { path: "/audit", element: page("Audit log") },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const menuButton = () => screen.getByRole("button", { name: "Menu" });
const navigation = () => screen.queryByRole("navigation", { name: "Main" });

describe("the phone header's menu", () => {
  test("is a closed disclosure at first: its links, account and language are not shown", () => {
    renderMenu();
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(navigation()).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  test("opens on its button and shows the links, the account's whole name and e-mail, sign-out and the language", () => {
    renderMenu();
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(menuButton().getAttribute("aria-controls")!)?.hidden).toBe(false);
    expect(navigation()).not.toBeNull();
    expect(screen.getByText("Ejer, Bistro Nørrebro")).toBeTruthy();
    expect(screen.getByText("ejer@bistro-norrebro.example")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out everywhere" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Dansk" })).toBeTruthy();
  });

  test("closes on Escape and gives the focus back to its button", () => {
    renderMenu();
    fireEvent.click(menuButton());
    screen.getByRole("link", { name: "Audit log" }).focus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menuButton());
  });

  test("closes when the focus moves out of it (Tab past its last control)", () => {
    renderMenu();
    fireEvent.click(menuButton());
    act(() => screen.getByRole("button", { name: "On the page" }).focus());
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });

  test("closes when one of its links is followed", async () => {
    const router = renderMenu();
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByRole("link", { name: "Audit log" }));
    await screen.findByRole("heading", { name: "Audit log" });
    expect(router.state.location.pathname).toBe("/audit");
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, expect, test } from "vitest";
import { aShop } from "../../testing/checkout-fixtures";
import { startEnglish } from "../../testing/start-english";
import { ErrorPage, MaintenancePage, NotFoundPage } from "./status-pages";

beforeAll(startEnglish);
afterEach(cleanup);

/** A status page as the router shows it once the shop has started: its loader hands it the restaurant. */
async function renderStatusPage(Page: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: "/", loader: () => aShop(), Component: Page }]);
  render(<RouterProvider router={router} />);
  await screen.findByRole("heading", { level: 1 });
}

for (const [name, Page] of [
  ["maintenance", MaintenancePage],
  ["not found", NotFoundPage],
  ["error", ErrorPage],
] as const) {
  test(`the ${name} page has the language button beside the restaurant's logo`, async () => {
    await renderStatusPage(Page);
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: /Bistro Nørrebro/ })).toBeTruthy();
    // In English the button offers Danish (SPEC §1: it switches to the other language).
    expect(within(header).getByRole("button", { name: "Skift til dansk" })).toBeTruthy();
  });
}

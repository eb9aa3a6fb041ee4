// @vitest-environment happy-dom
import type { AuditEntry, RestaurantList } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, expect, test } from "vitest";
import type { z } from "zod";
import { restaurantsQuery } from "../../lib/restaurant-list";
import { testI18n } from "../../lib/test-i18n";
import { auditQuery } from "./api";
import { AuditPage } from "./audit-page";

const { i18n, start } = testI18n("da-DK");
beforeAll(start);
afterEach(cleanup);

// A restaurant two hours east of UTC, so the browser's own clock (UTC on a server, Copenhagen at the office) differs.
const restaurant: z.infer<typeof RestaurantList>["restaurants"][number] = {
  id: 7,
  organisationId: 3,
  name: "Bistro Kallio",
  hosts: ["kallio.localhost"],
  maintenance: false,
  timeZone: "Europe/Helsinki",
};

const soldOut: AuditEntry = {
  id: 1,
  at: "2026-11-29T12:56:38.573Z",
  organisationId: 3,
  productionUnitId: 7,
  restaurantName: "Bistro Kallio",
  accountId: null,
  actorName: "Køkkenet",
  actorEmail: "kokken@example.dk",
  action: "product.sold-out",
  before: { until: null },
  after: { until: "2026-11-29T22:00:00.000Z" },
};

/** An event, not a change: the server's escalation job alerted the managers of an order left unanswered. */
const escalated: AuditEntry = {
  id: 2,
  at: "2026-11-29T12:40:00.000Z",
  organisationId: 3,
  productionUnitId: 7,
  restaurantName: "Bistro Kallio",
  accountId: null,
  actorName: "escalation",
  actorEmail: "system",
  action: "order.escalated",
  before: null,
  after: { waitedMinutes: 12, alerted: ["ejer@example.dk"] },
};

/** A removal: the sold-out item restored; its name in both languages, as the menu has it. */
const restored: AuditEntry = {
  ...soldOut,
  id: 3,
  at: "2026-11-29T13:10:00.000Z",
  action: "availability.restored",
  before: { target: "product", id: 28, name: { "da-DK": "Hyldeblomst", "en-US": "Elderflower" }, until: null },
  after: null,
};

/** An edit of a product's name in both languages. */
const renamed: AuditEntry = {
  ...soldOut,
  id: 4,
  at: "2026-11-29T13:20:00.000Z",
  action: "menu.product.update",
  before: { name: { "da-DK": "Hyldeblomst", "en-US": "Elderflower" } },
  after: { name: { "da-DK": "Hyldeblomstsaft", "en-US": "Elderflower cordial" } },
};

/** An order accepted: its status changed, and with it the version the server counts saves by. */
const accepted: AuditEntry = {
  ...soldOut,
  id: 5,
  at: "2026-11-29T13:30:00.000Z",
  action: "order.accepted",
  before: { version: 1, kitchenStatus: "new" },
  after: { version: 2, kitchenStatus: "accepted" },
};

/** A gift card issued: its amounts as the server keeps them, in øre. */
const issued: AuditEntry = {
  ...soldOut,
  id: 6,
  at: "2026-11-29T13:40:00.000Z",
  action: "giftcard.issue",
  before: null,
  after: {
    id: 9,
    code: "GAVE-250",
    balanceMinor: 25000,
    initialAmountMinor: 25000,
    validUntil: null,
    isActive: true,
    version: 1,
  },
};

/** A discount code created that takes 50 kr. off: its value in øre, as the server keeps it. */
const created: AuditEntry = {
  ...soldOut,
  id: 7,
  at: "2026-11-29T13:50:00.000Z",
  action: "discount-code.create",
  before: null,
  after: { id: 11, code: "FAST50", kind: "amount", value: 5000 },
};

function renderLog() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(restaurantsQuery.queryKey, { restaurants: [restaurant] });
  client.setQueryData(auditQuery({}).queryKey, {
    pages: [{ entries: [soldOut, escalated, restored, renamed, accepted, issued, created], nextBefore: null }],
    pageParams: [null],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider
          router={createMemoryRouter([{ path: "/audit", element: <AuditPage /> }], { initialEntries: ["/audit"] })}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

test("an entry's time, and a time it changed, read on the restaurant's clock, not the browser's", () => {
  renderLog();
  // 12:56 UTC is 14:56 in Helsinki; a sold-out until 22:00 UTC is midnight there.
  expect(screen.getByText("29. nov. 2026 14:56").tagName).toBe("TIME");
  expect(screen.getByText("30. nov. 2026 00:00")).toBeTruthy();
});

test("an edit reads as before → after; an event (no before) lists its values as facts, not as 'nothing → value'", () => {
  renderLog();
  const [edit, event] = screen.getAllByRole("article");
  // The sold-out's until was nothing and became a time.
  expect(edit!.querySelector("dd")!.textContent).toBe("audit.nothing →audit.to 30. nov. 2026 00:00");
  expect([...event!.querySelectorAll("dd")].map((dd) => dd.textContent)).toEqual(["12", "ejer@example.dk"]);
  expect(event!.textContent).not.toContain("audit.nothing");
  expect(event!.textContent).not.toContain("→");
});

test("a removal lists what was removed, a text in the reader's language; an edit of a text says each language", () => {
  renderLog();
  const [, , removal, edit] = screen.getAllByRole("article");
  const rows = (entry: HTMLElement) =>
    [...entry.querySelectorAll("dl > div")].map(
      (row) => `${row.querySelector("dt")!.textContent}: ${row.querySelector("dd")!.textContent}`,
    );
  // No messages here: a field without words of its own is named by its path.
  expect(rows(removal!)).toEqual(["target: product", "name: Hyldeblomst"]);
  expect(rows(edit!)).toEqual([
    "name (dansk): Hyldeblomst →audit.to Hyldeblomstsaft",
    "name (engelsk): Elderflower →audit.to Elderflower cordial",
  ]);
});

test("the version the server counts saves by is no change of a person's: not listed", () => {
  renderLog();
  const acceptance = screen.getAllByRole("article")[4]!;
  expect([...acceptance.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual(["kitchenStatus"]);
});

const rowsOf = (entry: HTMLElement) =>
  [...entry.querySelectorAll("dl > div")].map(
    (row) => `${row.querySelector("dt")!.textContent}: ${row.querySelector("dd")!.textContent}`,
  );

test("an amount the server keeps in øre reads as money: a 250 kr. gift card, not 25000; a 50 kr. code, not 5000", () => {
  renderLog();
  const [issue, code] = screen.getAllByRole("article").slice(5);
  expect(rowsOf(issue!)).toEqual([
    "code: GAVE-250",
    "balanceMinor: 250\u00a0kr.",
    "initialAmountMinor: 250\u00a0kr.",
    "isActive: audit.yes",
  ]);
  expect(rowsOf(code!)).toEqual(["code: FAST50", "kind: amount", "value: 50\u00a0kr."]);
});

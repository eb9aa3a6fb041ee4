// @vitest-environment happy-dom
import type { GiftcardDetail, GiftcardView } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { testI18n } from "../../lib/test-i18n";
import { giftcardQuery } from "./api";
import { Ledger } from "./giftcards-page";

const { i18n, start } = testI18n("en-US");
beforeAll(start);
afterEach(cleanup);

const card: GiftcardView = {
  id: 7,
  code: "GAVE-500",
  balance: 500,
  initialAmount: 500,
  validUntil: null,
  isActive: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  edit: { version: 1, updatedAt: "2026-11-01T10:00:00.000Z", updatedBy: null },
};

function renderLedger(ledger: GiftcardDetail["ledger"]) {
  // Fresh for ever: the test reads the data it put, never the network.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(giftcardQuery(1, card.id).queryKey, { giftcard: card, ledger });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Ledger card={card} restaurantId={1} timeZone="Europe/Copenhagen" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("a gift card's history", () => {
  test("with no activity yet, says so instead of a table of headings", () => {
    renderLedger([]);
    expect(screen.getByText("giftcards.noActivity")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
  test("with activity, a table of its lines", () => {
    renderLedger([
      { id: "1", at: "2026-11-01T10:00:00.000Z", kind: "issued", amount: 500, receiptNumber: null, by: "Mette" },
    ]);
    expect(screen.getAllByRole("row")).toHaveLength(2);
    expect(screen.queryByText("giftcards.noActivity")).toBeNull();
  });
});

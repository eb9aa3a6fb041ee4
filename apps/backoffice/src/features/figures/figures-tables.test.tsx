// @vitest-environment happy-dom
import type { Figures } from "@app/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, expect, test } from "vitest";
import { testI18n } from "../../lib/test-i18n";
import { KeyFigures } from "./figures-tables";

const { i18n, start } = testI18n("da-DK");
beforeAll(start);
afterEach(cleanup);

const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, sales: 0 }));
const emptyDay: Figures = {
  restaurantId: 1,
  from: "2026-11-29",
  to: "2026-11-29",
  timeZone: "Europe/Copenhagen",
  orders: 0,
  sales: 0,
  averageOrder: 0,
  discounts: 0,
  deliveryFees: 0,
  refunds: { count: 0, amount: 0 },
  netSales: 0,
  rejected: { orders: 0, amount: 0 },
  giftcards: { soldCount: 0, soldAmount: 0, redeemedAmount: 0 },
  byHour: hours,
  byMethod: [],
  topByQuantity: [],
  topBySales: [],
};

/** The value of the key figure named `name`: what the eye sees and what a screen reader reads. */
function keyValue(name: string) {
  const value = screen.getByText(name).closest(".key-figure")!.querySelector(".key-value")!;
  const shown = [...value.childNodes]
    .filter((node) => !(node instanceof Element && node.classList.contains("visually-hidden")))
    .map((node) => node.textContent)
    .join("");
  const hidden = [...value.querySelectorAll("[aria-hidden='true']")].map((node) => node.textContent).join("");
  return { shown, read: value.textContent!.replace(hidden, "") };
}

const renderFigures = (figures: Figures) =>
  render(
    <I18nextProvider i18n={i18n}>
      <KeyFigures figures={figures} />
    </I18nextProvider>,
  );

test("a period without orders has no average order: a dash, read as 'no orders'", () => {
  renderFigures(emptyDay);
  expect(keyValue("figures.cards.averageOrder")).toEqual({
    shown: "–",
    read: "figures.cards.noAverage",
  });
  // The sums of nothing are real zeros.
  expect(keyValue("figures.cards.sales").shown).toBe("0,00\u00a0kr.");
});

test("a period with orders shows its average order in money", () => {
  renderFigures({ ...emptyDay, orders: 3, sales: 237, netSales: 237, averageOrder: 79 });
  expect(keyValue("figures.cards.averageOrder")).toEqual({ shown: "79,00\u00a0kr.", read: "79,00\u00a0kr." });
});

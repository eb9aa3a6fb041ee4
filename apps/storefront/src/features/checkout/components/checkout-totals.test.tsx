// @vitest-environment happy-dom
import type { Checkout } from "@app/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { aCheckout, checkoutPageValue, WithCheckoutPage } from "../../../testing/checkout-fixtures";
import { startEnglish } from "../../../testing/start-english";
import { CheckoutTotals } from "./checkout-totals";

beforeAll(startEnglish);
afterEach(cleanup);

function renderTotals(checkout: Checkout) {
  render(
    <WithCheckoutPage value={checkoutPageValue({ checkout })}>
      <CheckoutTotals />
    </WithCheckoutPage>,
  );
}

/** Each row as "label: figure", in order. */
function rows(): string[] {
  return [...document.querySelectorAll(".payment-totals-row")].map(
    (row) => `${row.querySelector("dt")?.textContent}: ${row.querySelector("dd")?.textContent}`,
  );
}

const DELIVERY = {
  deliveryFee: 39,
  fee: 39,
  zipCode: "2200",
  address: "Nørrebrogade 1",
  date: null,
  deliveryTime: null,
  stage: 1,
};

test("every row shows the server's figure, never one computed here", () => {
  // Deliberately inconsistent: 187.35 − 23.4 + 39 = 202.95 and 203.1 − 50.05 = 153.05, so a figure computed
  // in the browser would show.
  renderTotals(
    aCheckout({
      delivery: DELIVERY,
      totals: { basketTotal: 187.35, discount: 23.4, deliveryFee: 39, total: 203.1, giftcard: 50.05, totalLeft: 153.2 },
    }),
  );
  expect(rows()).toEqual([
    "Subtotal: 187.35 DKK",
    "Discount: −23.40 DKK",
    "Delivery fee: 39 DKK",
    "Order total: 203.10 DKK",
    "Paid with gift card: −50.05 DKK",
    "Left to pay: 153.20 DKK",
  ]);
});

test("pickup without discount or gift card shows the basket and the order total only", () => {
  renderTotals(
    aCheckout({
      totals: { basketTotal: 187.35, discount: 0, deliveryFee: 0, total: 187.35, giftcard: 0, totalLeft: 187.35 },
    }),
  );
  expect(rows()).toEqual(["Subtotal: 187.35 DKK", "Order total: 187.35 DKK"]);
});

test("a delivery with no fee still shows its fee row", () => {
  renderTotals(
    aCheckout({
      delivery: { ...DELIVERY, deliveryFee: 0, fee: 0 },
      totals: { basketTotal: 99.5, discount: 0, deliveryFee: 0, total: 99.5, giftcard: 0, totalLeft: 99.5 },
    }),
  );
  expect(rows()).toContain("Delivery fee: 0 DKK");
});

test("what is left to pay is announced politely when it changes", () => {
  renderTotals(
    aCheckout({
      totals: { basketTotal: 187.35, discount: 0, deliveryFee: 0, total: 187.35, giftcard: 87.35, totalLeft: 100 },
    }),
  );
  const live = screen.getByText("Left to pay: 100 DKK", { selector: "[aria-live]" });
  expect(live.getAttribute("aria-live")).toBe("polite");
});

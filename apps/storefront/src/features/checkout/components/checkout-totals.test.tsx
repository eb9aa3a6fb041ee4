// @vitest-environment happy-dom
import type { Checkout } from "@app/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, test } from "vitest";
import {
  aBasket,
  aBasketItem,
  aCheckout,
  BAG_FEE_ITEM,
  checkoutPageValue,
  WithCheckoutPage,
} from "../../../testing/checkout-fixtures";
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

test("every row shows the server's figure in one word per meaning, ending with the total to pay", () => {
  // Deliberately inconsistent: 187.35 − 23.4 + 39 = 202.95, so a total computed in the browser would show.
  renderTotals(
    aCheckout({
      delivery: DELIVERY,
      totals: {
        basketTotal: 187.35,
        discount: 23.4,
        deliveryFee: 39,
        total: 203.1,
        giftcard: 50.05,
        totalLeft: 153.05,
      },
    }),
  );
  expect(rows()).toEqual([
    "Subtotal: 187.35\u00a0DKK",
    "Discount: −23.40\u00a0DKK",
    "Delivery: 39\u00a0DKK",
    "Gift card: −50.05\u00a0DKK",
    "Total to pay: 153.05\u00a0DKK",
  ]);
});

test("pickup without discount or gift card shows the subtotal and the total to pay only", () => {
  renderTotals(
    aCheckout({
      totals: { basketTotal: 187.35, discount: 0, deliveryFee: 0, total: 187.35, giftcard: 0, totalLeft: 187.35 },
    }),
  );
  expect(rows()).toEqual(["Subtotal: 187.35\u00a0DKK", "Total to pay: 187.35\u00a0DKK"]);
});

test("the bag in the basket is its own row, out of the subtotal", () => {
  render(
    <WithCheckoutPage
      value={checkoutPageValue({
        basket: aBasket([
          aBasketItem({ totalPrice: 150 }),
          aBasketItem({ id: "bag", productId: BAG_FEE_ITEM, price: 4, totalPrice: 4 }),
        ]),
        checkout: aCheckout({
          totals: { basketTotal: 154, discount: 0, deliveryFee: 0, total: 154, giftcard: 0, totalLeft: 154 },
        }),
      })}
    >
      <CheckoutTotals />
    </WithCheckoutPage>,
  );
  expect(rows()).toEqual(["Subtotal: 150\u00a0DKK", "Carrier bag: 4\u00a0DKK", "Total to pay: 154\u00a0DKK"]);
});

test("a delivery with no fee still shows its fee row", () => {
  renderTotals(
    aCheckout({
      delivery: { ...DELIVERY, deliveryFee: 0, fee: 0 },
      totals: { basketTotal: 99.5, discount: 0, deliveryFee: 0, total: 99.5, giftcard: 0, totalLeft: 99.5 },
    }),
  );
  expect(rows()).toContain("Delivery: 0\u00a0DKK");
});

test("the total to pay is announced politely when it changes", () => {
  renderTotals(
    aCheckout({
      totals: { basketTotal: 187.35, discount: 0, deliveryFee: 0, total: 187.35, giftcard: 87.35, totalLeft: 100 },
    }),
  );
  const live = screen.getByText("Total to pay: 100 DKK", { selector: "[aria-live]" });
  expect(live.getAttribute("aria-live")).toBe("polite");
});

// @vitest-environment happy-dom
import type { BasketItem } from "@app/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { PriceChangeNotice, repricedLines } from "./price-change-notice";

beforeAll(startEnglish);
afterEach(cleanup);

const line = (over: Partial<BasketItem>): BasketItem => ({
  id: "l-1",
  productId: 1,
  name: "Burger",
  amount: 1,
  price: 95,
  productPrice: 95,
  imageUrl: "",
  totalPrice: 95,
  choices: [],
  editingIsDisabled: false,
  ...over,
});

test("a re-priced line is told in a polite live region, old price and new", () => {
  render(<PriceChangeNotice items={[line({ previousPrice: 89 }), line({ id: "l-2", name: "Soda", price: 20 })]} />);
  const region = screen.getByRole("status");
  expect(region.getAttribute("aria-live")).toBe("polite");
  expect(region.textContent).toBe("The price of Burger changed from 89\u00a0DKK to 95\u00a0DKK.");
});

test("without re-priced lines the region is there, empty, ready to speak", () => {
  render(<PriceChangeNotice items={[line({})]} />);
  expect(screen.getByRole("status").textContent).toBe("");
});

test("a previousPrice equal to the price is no change", () => {
  expect(
    repricedLines([line({ previousPrice: 95 }), line({ id: "l-2", previousPrice: 89.5 })]).map((l) => l.id),
  ).toEqual(["l-2"]);
});

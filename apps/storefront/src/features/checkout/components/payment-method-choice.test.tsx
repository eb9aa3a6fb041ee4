// @vitest-environment happy-dom
import type { PaymentMethod } from "@app/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { SETTINGS } from "../../../testing/checkout-fixtures";
import { startEnglish } from "../../../testing/start-english";
import { paymentMethodsOffered } from "../checkout-rules";
import { PaymentMethodChoice } from "./payment-method-choice";

beforeAll(startEnglish);
afterEach(cleanup);

function renderChoice(
  settings: { onlinePayment: boolean; mobilepay: boolean; payAtPickup: boolean },
  value: PaymentMethod | null = null,
  disabled = false,
) {
  const onChange = vi.fn();
  render(
    <PaymentMethodChoice
      methods={paymentMethodsOffered({ ...SETTINGS, ...settings })}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />,
  );
  return onChange;
}

test("every method the settings offer is a labelled radio, in the page's order", () => {
  renderChoice({ onlinePayment: true, mobilepay: true, payAtPickup: true });
  expect(screen.getByRole("group", { name: "Payment method" })).toBeTruthy();
  expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual([
    "Card (pay online)",
    "MobilePay",
    "Pay at pickup",
  ]);
});

test("only the methods switched on are offered", () => {
  renderChoice({ onlinePayment: true, mobilepay: false, payAtPickup: true });
  expect(screen.getAllByRole("radio")).toHaveLength(2);
  expect(screen.queryByLabelText("MobilePay")).toBeNull();
});

test("choosing a method tells the page, and the chosen one is checked", () => {
  const onChange = renderChoice({ onlinePayment: true, mobilepay: true, payAtPickup: false }, "card");
  expect(screen.getByLabelText("Card (pay online)")).toHaveProperty("checked", true);
  fireEvent.click(screen.getByLabelText("MobilePay"));
  expect(onChange).toHaveBeenCalledWith("mobilepay");
});

test("one method is a plain line, not a radio, and it is the choice", () => {
  const onChange = renderChoice({ onlinePayment: false, mobilepay: false, payAtPickup: true });
  expect(screen.queryByRole("radio")).toBeNull();
  expect(screen.getByText("Payment method: Pay at pickup")).toBeTruthy();
  expect(onChange).toHaveBeenCalledWith("pickup");
});

test("while the order is being placed the methods are disabled", () => {
  renderChoice({ onlinePayment: true, mobilepay: true, payAtPickup: true }, "card", true);
  for (const radio of screen.getAllByRole("radio")) expect(radio).toHaveProperty("disabled", true);
});

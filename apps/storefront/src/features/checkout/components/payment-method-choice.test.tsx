// @vitest-environment happy-dom
import type { PaymentMethod } from "@app/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import daDK from "../../../locales/da-DK.json";
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
  testMode = false,
) {
  const onChange = vi.fn();
  render(
    <PaymentMethodChoice
      methods={paymentMethodsOffered({ ...SETTINGS, ...settings })}
      value={value}
      onChange={onChange}
      disabled={disabled}
      testMode={testMode}
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

describe("test mode (issue 46)", () => {
  const ALL = { onlinePayment: true, mobilepay: true, payAtPickup: true };
  const NOTICE = "Test mode – no money is charged";

  test("card or MobilePay chosen in a shop whose payments move no money: the notice, with why", () => {
    renderChoice(ALL, "card", false, true);
    expect(screen.getByText(NOTICE)).toBeTruthy();
    expect(screen.getByText(/your card or MobilePay will not be charged/)).toBeTruthy();
    cleanup();
    renderChoice(ALL, "mobilepay", false, true);
    expect(screen.getByText(NOTICE)).toBeTruthy();
  });

  test("pay at pickup chosen: no notice (that money changes hands at the counter)", () => {
    renderChoice(ALL, "pickup", false, true);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  test("a live payment account: no notice", () => {
    renderChoice(ALL, "card", false, false);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  test("the only method, online: the line and the notice", () => {
    renderChoice({ onlinePayment: true, mobilepay: false, payAtPickup: false }, "card", false, true);
    expect(screen.getByText("Payment method: Card (pay online)")).toBeTruthy();
    expect(screen.getByText(NOTICE)).toBeTruthy();
  });

  test("in Danish", async () => {
    const danish = i18next.createInstance();
    await danish.init({
      lng: "da-DK",
      resources: { "da-DK": { translation: daDK } },
      interpolation: { escapeValue: false },
    });
    render(
      <I18nextProvider i18n={danish}>
        <PaymentMethodChoice methods={["card", "pickup"]} value="card" onChange={() => {}} disabled={false} testMode />
      </I18nextProvider>,
    );
    expect(screen.getByText("Testtilstand – der trækkes ingen penge")).toBeTruthy();
    expect(screen.getByText(/dit kort eller din MobilePay bliver ikke trukket/)).toBeTruthy();
  });
});

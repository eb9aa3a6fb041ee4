// @vitest-environment happy-dom

import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, expect, test } from "vitest";
import daDK from "../../../locales/da-DK.json";
import enUS from "../../../locales/en-US.json";
import { DEFAULT_SETTINGS } from "../api/parse-settings";
import { TestModeBand } from "./test-mode-band";

afterEach(cleanup);

async function renderBand(
  language: "da-DK" | "en-US",
  shop: { paymentTestMode: boolean; settings?: Partial<typeof DEFAULT_SETTINGS> },
) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { "da-DK": { translation: daDK }, "en-US": { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <TestModeBand
        shop={{ paymentTestMode: shop.paymentTestMode, settings: { ...DEFAULT_SETTINGS, ...shop.settings } }}
      />
    </I18nextProvider>,
  );
}

test("a shop whose online payments move no money says so, in Danish", async () => {
  await renderBand("da-DK", { paymentTestMode: true });
  const band = screen.getByRole("complementary", { name: "Testtilstand" });
  expect(band.textContent).toBe("Testtilstand – der trækkes ingen penge");
});

test("and in English", async () => {
  await renderBand("en-US", { paymentTestMode: true });
  const band = screen.getByRole("complementary", { name: "Test mode" });
  expect(band.textContent).toBe("Test mode – no money is charged");
});

test("a live payment account: nothing", async () => {
  await renderBand("da-DK", { paymentTestMode: false });
  expect(screen.queryByRole("complementary")).toBeNull();
});

test("MobilePay alone is an online payment too", async () => {
  await renderBand("en-US", { paymentTestMode: true, settings: { onlinePayment: false, mobilepay: true } });
  expect(screen.getByRole("complementary", { name: "Test mode" })).toBeTruthy();
});

test("a shop that only takes payment at pickup has no online payment to warn about", async () => {
  await renderBand("en-US", {
    paymentTestMode: true,
    settings: { onlinePayment: false, mobilepay: false, payAtPickup: true },
  });
  expect(screen.queryByRole("complementary")).toBeNull();
});

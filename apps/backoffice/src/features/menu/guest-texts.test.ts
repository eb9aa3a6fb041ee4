import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { EDITOR_LANGUAGES } from "./fields";
import { GUEST_TEXTS, guestPrice, guestWeekday } from "./guest-texts";

const storefrontLocale = (language: string) =>
  JSON.parse(readFileSync(join(__dirname, `../../../../storefront/src/locales/${language}.json`), "utf8"));

describe.each(EDITOR_LANGUAGES)("the preview's %s words are the storefront's", (language) => {
  const locale = storefrontLocale(language);
  const texts = GUEST_TEXTS[language];
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

  test("currency, options button and weekdays", () => {
    expect(texts.currency).toBe(locale.Currency);
    expect(texts.options).toBe(locale.Product.Options);
    expect(texts.weekdays).toEqual([0, 1, 2, 3, 4, 5, 6].map((day) => locale.Weekday[day]));
  });

  test("the before-price and the sale lines", () => {
    expect(texts.originalPrice("X")).toBe(fill(locale.Product.OriginalPrice, { price: "X" }));
    expect(texts.sale("A", "B")).toBe(fill(locale.Product.Sale, { from: "A", to: "B" }));
    expect(texts.saleOneDay("A")).toBe(fill(locale.Product.SaleOneDay, { day: "A" }));
  });
});

test("prices and weekdays as the guest reads them", () => {
  expect(guestPrice(8950, "da-DK")).toBe("89,50\u00a0kr.");
  expect(guestPrice(9500, "en-US")).toBe("95\u00a0DKK");
  expect(guestWeekday("da-DK", 7)).toBe("søndag");
  expect(guestWeekday("en-US", 1)).toBe("Monday");
});

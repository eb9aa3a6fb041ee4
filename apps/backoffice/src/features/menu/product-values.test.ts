import type { EditorProduct } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { productInput, productValues } from "./product-values";

const burger: EditorProduct = {
  id: 7,
  version: 3,
  updatedAt: "2026-11-29T08:00:00Z",
  updatedBy: null,
  archivedAt: null,
  name: { "da-DK": "Burger", "en-US": "Burger" },
  subtitle: { "da-DK": "", "en-US": "" },
  description: { "da-DK": "Med ost", "en-US": "With cheese" },
  internalName: "",
  priceMinor: 8950,
  originalPriceMinor: null,
  productPriceDaily: { priceMinor: 6900, startDayOfWeek: 1, endDayOfWeek: 3 },
  labelIds: [2],
  imageUrl: "",
  isGiftcard: false,
  isVisible: true,
  categoryIds: [4],
  modifiers: [],
};

describe("productValues", () => {
  test("shows the prices as the person's language writes them", () => {
    expect(productValues(burger, "da-DK")).toMatchObject({ price: "89,50", salePrice: "69", saleOn: true });
    expect(productValues(burger, "en-US")).toMatchObject({ price: "89.50", originalPrice: "" });
  });
});

describe("productInput", () => {
  test("what was loaded is sent back unchanged, prices in øre", () => {
    const typed = productInput(productValues(burger, "da-DK"), "da-DK");
    expect(typed).toEqual({
      input: expect.objectContaining({
        priceMinor: 8950,
        originalPriceMinor: null,
        productPriceDaily: { priceMinor: 6900, startDayOfWeek: 1, endDayOfWeek: 3 },
        categoryIds: [4],
      }),
    });
  });

  test("a price typed 95,00 in Danish or 95.00 in English is 9500 øre", () => {
    const da = productInput({ ...productValues(burger, "da-DK"), price: "95,00" }, "da-DK");
    const en = productInput({ ...productValues(burger, "en-US"), price: "95.00" }, "en-US");
    expect(da).toMatchObject({ input: { priceMinor: 9500 } });
    expect(en).toMatchObject({ input: { priceMinor: 9500 } });
  });

  test("a price that is not an amount is refused on its own field", () => {
    expect(productInput({ ...productValues(burger, "da-DK"), price: "ni kroner" }, "da-DK")).toEqual({
      errors: { priceMinor: { code: "Menu.MoneyInvalid" } },
    });
    expect(productInput({ ...productValues(burger, "da-DK"), price: "" }, "da-DK")).toEqual({
      errors: { priceMinor: { code: "Input.Required" } },
    });
  });

  test("the domain's price rules land on the fields they are about", () => {
    const values = { ...productValues(burger, "da-DK"), originalPrice: "50", salePrice: "99" };
    expect(productInput(values, "da-DK")).toEqual({
      errors: {
        originalPriceMinor: { code: "Menu.OriginalPriceNotHigher" },
        "productPriceDaily.priceMinor": { code: "Menu.SalePriceNotLower" },
      },
    });
  });

  test("a sale switched off sends no sale, whatever its price field holds", () => {
    const values = { ...productValues(burger, "da-DK"), saleOn: false, salePrice: "abc" };
    expect(productInput(values, "da-DK")).toMatchObject({ input: { productPriceDaily: null } });
  });
});

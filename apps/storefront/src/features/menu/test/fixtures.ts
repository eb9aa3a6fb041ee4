/** Small literal catalogue rows for the menu feature's tests. */
import type { Category, Label, ModifierChoice, Product, ProductModifier } from "@app/contracts";

export function product(overrides: Partial<Product> & { id: number }): Product {
  const name = overrides.name ?? { "da-DK": `Produkt ${overrides.id}`, "en-US": `Product ${overrides.id}` };
  return {
    productId: overrides.id,
    name,
    subtitle: {},
    description: {},
    price: 50,
    originalPrice: null,
    unitPrice: overrides.price ?? 50,
    productPriceDaily: null,
    labelIds: [],
    modifiers: [],
    internalName: "",
    imageUrl: "",
    isGiftcard: false,
    ...overrides,
  };
}

export function choice(overrides: Partial<ModifierChoice> & { choiceId: number; en: string }): ModifierChoice {
  const { en, ...rest } = overrides;
  const price = rest.price ?? 0;
  return {
    name: { "da-DK": en, "en-US": en },
    defaultPrice: price,
    overwritePrice: null,
    price,
    freeAmount: 0,
    defaultChoiceAmount: 0,
    ...rest,
  };
}

export function group(
  overrides: Partial<ProductModifier> & { id: number; en: string; choices: ModifierChoice[] },
): ProductModifier {
  const { en, ...rest } = overrides;
  return {
    modifierId: rest.id,
    name: { "da-DK": en, "en-US": en },
    maxChoices: 1,
    choicesIncluded: 0,
    ...rest,
  };
}

export function category(overrides: Partial<Category> & { id: number; productIds?: number[] }): Category {
  const { productIds = [], ...rest } = overrides;
  return {
    name: { "da-DK": `Kategori ${rest.id}`, "en-US": `Category ${rest.id}` },
    description: {},
    internalName: "",
    imageUrl: "",
    sortOrder: rest.id,
    products: productIds.map((productId, index) => ({ productId, sortOrder: index })),
    ...rest,
  };
}

export const vegetarian: Label = {
  id: 1,
  name: { "da-DK": "Vegetar", "en-US": "Vegetarian" },
  description: { "da-DK": "Uden kød og fisk.", "en-US": "No meat or fish." },
  icon: "leaf",
  colour: "#3a8d3f",
};

export function byId(products: Product[]): Map<number, Product> {
  return new Map(products.map((p) => [p.id, p]));
}

/** Rows → the JSON shapes of @app/contracts: øre become DKK, today's weekday decides the price. */
import type {
  Category,
  Choice,
  Modifier,
  ModifierChoice,
  Product,
  ProductModifier,
  Translations,
} from "@app/contracts";
import type { Translations as StoredTranslations } from "@app/db";
import { shownPrices, toDkk } from "@app/domain";
import type { CategoryProductRow, CategoryRow, ModifierChoiceRow, ProductGraph, ProductRow } from "./repository";

export function texts(stored: StoredTranslations): Translations {
  const out: Translations = {};
  for (const [language, text] of Object.entries(stored)) if (typeof text === "string") out[language] = text;
  return out;
}

export function toCategories(categories: CategoryRow[], links: CategoryProductRow[]): Category[] {
  const byCategory = new Map<number, Category["products"]>();
  for (const link of links) {
    pushTo(byCategory, link.categoryId, { productId: link.productId, sortOrder: link.sortOrder });
  }
  return categories.map((row) => ({
    id: row.id,
    name: texts(row.name),
    description: texts(row.description),
    internalName: row.internalName,
    imageUrl: row.imageUrl,
    sortOrder: row.sortOrder,
    products: byCategory.get(row.id) ?? [],
  }));
}

export function toModifierChoice(row: ModifierChoiceRow): ModifierChoice {
  return {
    choiceId: row.choiceId,
    name: texts(row.name),
    defaultPrice: toDkk(row.defaultPriceMinor),
    overwritePrice: row.overwritePriceMinor === null ? null : toDkk(row.overwritePriceMinor),
    price: toDkk(row.overwritePriceMinor ?? row.defaultPriceMinor),
    freeAmount: row.freeAmount,
    defaultChoiceAmount: row.defaultChoiceAmount,
  };
}

/** One product as the storefront shows it today (isoWeekday in the restaurant's time zone). */
export function toProduct(row: ProductRow, modifiers: ProductModifier[], isoWeekday: number): Product {
  const { priceMinor: todayMinor, originalPriceMinor: originalMinor } = shownPrices(row, isoWeekday);
  const hasDaily = row.dailyPriceMinor !== null && row.dailyStartDayOfWeek !== null && row.dailyEndDayOfWeek !== null;
  return {
    id: row.id,
    productId: row.id,
    name: texts(row.name),
    subtitle: texts(row.subtitle),
    description: texts(row.description),
    price: toDkk(todayMinor),
    originalPrice: originalMinor === null ? null : toDkk(originalMinor),
    unitPrice: toDkk(todayMinor),
    productPriceDaily: hasDaily
      ? {
          price: toDkk(row.dailyPriceMinor!),
          startDayOfWeek: row.dailyStartDayOfWeek!,
          endDayOfWeek: row.dailyEndDayOfWeek!,
        }
      : null,
    labelIds: row.labelIds,
    modifiers,
    internalName: row.internalName,
    imageUrl: row.imageUrl,
    isGiftcard: row.isGiftcard,
  };
}

export type ProductViews = {
  /** In the order of the graph's product rows. */
  products: Product[];
  /** Every option group used, by first appearance. */
  modifiers: Modifier[];
  /** Every choice used by those groups, by first appearance. */
  choices: Choice[];
};

/**
 * The graph without the products the menu editor withdrew (archived or hidden), and the groups and choices only
 * they used: what the storefront is offered (issue 45). A basket line of a withdrawn product is read by id elsewhere.
 */
export function offeredGraph(graph: ProductGraph): ProductGraph {
  const products = graph.products.filter((row) => !row.withdrawn);
  const offered = new Set(products.map((row) => row.id));
  const productModifiers = graph.productModifiers.filter((row) => offered.has(row.productId));
  const groups = new Set(productModifiers.map((row) => row.modifierId));
  return {
    products,
    productModifiers,
    modifierChoices: graph.modifierChoices.filter((row) => groups.has(row.modifierId)),
  };
}

/** Assembles products with their option groups, plus the distinct groups and choices they use. */
export function toProductViews(graph: ProductGraph, isoWeekday: number): ProductViews {
  const choicesByModifier = new Map<number, ModifierChoice[]>();
  const choices = new Map<number, Choice>();
  for (const row of graph.modifierChoices) {
    pushTo(choicesByModifier, row.modifierId, toModifierChoice(row));
    if (!choices.has(row.choiceId)) {
      choices.set(row.choiceId, {
        id: row.choiceId,
        name: texts(row.name),
        defaultPrice: toDkk(row.defaultPriceMinor),
      });
    }
  }

  const modifiers = new Map<number, Modifier>();
  const modifiersByProduct = new Map<number, ProductModifier[]>();
  for (const row of graph.productModifiers) {
    const base: Modifier = {
      id: row.modifierId,
      modifierId: row.modifierId,
      name: texts(row.name),
      choices: choicesByModifier.get(row.modifierId) ?? [],
    };
    if (!modifiers.has(row.modifierId)) modifiers.set(row.modifierId, base);
    pushTo(modifiersByProduct, row.productId, {
      ...base,
      maxChoices: row.maxChoices,
      choicesIncluded: row.choicesIncluded,
    });
  }

  return {
    products: graph.products.map((row) => toProduct(row, modifiersByProduct.get(row.id) ?? [], isoWeekday)),
    modifiers: [...modifiers.values()],
    choices: [...choices.values()],
  };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

import type { LanguageCode, RestaurantCatalogue } from "@app/contracts";
import type { Executor } from "@app/db";
import { findActiveMenuCategories, findProductsOfInstance, type NamedRow } from "./find-catalogue-ids";

/**
 * The categories and products a restaurant's settings may name, each by its names per language and one plain name
 * (the default language's), so the back office can offer names instead of ids in the person's language.
 * Categories in menu order; products by the plain name, as a manager looks one up.
 */
export async function listCatalogueNames(
  db: Executor,
  instances: { menuInstanceId: number; productInstanceId: number },
  language: LanguageCode,
): Promise<RestaurantCatalogue> {
  const categories = await findActiveMenuCategories(db, instances.menuInstanceId);
  const products = await findProductsOfInstance(db, instances.productInstanceId);
  const named = (rows: NamedRow[]) =>
    rows.map((row) => ({ id: row.id, name: displayName(row, language), names: givenNames(row) }));
  const collator = new Intl.Collator(language);
  return {
    categories: named(categories),
    products: named(products).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id),
  };
}

/**
 * The name in the language, else Danish (the catalogue's first language), else any text, else the internal name;
 * a row with none at all is shown by its id so the list never holds a blank choice.
 */
export function displayName(row: NamedRow, language: LanguageCode): string {
  const texts = [row.name[language], row.name["da-DK"], ...Object.values(row.name), row.internalName];
  return texts.map((text) => text?.trim()).find((text) => text) ?? `#${row.id}`;
}

/** The texts a row has, trimmed; blank ones left out (a blank English name is no English name). */
export function givenNames(row: NamedRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row.name)
      .map(([language, text]) => [language, text?.trim() ?? ""] as const)
      .filter(([, text]) => text !== ""),
  );
}

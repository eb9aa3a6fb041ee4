import type { CatalogueEntry } from "@app/contracts";

export type CatalogueChoice = { id: number; name: string };

/**
 * What a settings picker offers: each category or product by its name in the person's language where it has one,
 * else by the name the restaurant knows it by (the API's `name`: its default language's). `byName` sorts by the names
 * shown (products; the API sorts them in the restaurant's language); without it the order stays (a menu's order).
 */
export function catalogueChoices(
  entries: readonly CatalogueEntry[],
  language: string,
  { byName = false } = {},
): CatalogueChoice[] {
  const choices = entries.map((entry) => ({ id: entry.id, name: entry.names[language] || entry.name }));
  if (!byName) return choices;
  const collator = new Intl.Collator(language);
  return choices.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

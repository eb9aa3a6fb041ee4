import type { CatalogueItems, SoldOutRequest } from "@app/contracts";

/** A product or a choice, with its category or option group to tell same names apart. */
export type Item = { target: SoldOutRequest["target"]; id: number; name: string; group: string | null };

/** The products and choices whose name (or category, or option group) contains every typed word. */
export function matchingItems(items: CatalogueItems, search: string): Item[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const all: Item[] = [
    ...items.products.map((p) => ({ target: "product" as const, id: p.id, name: p.name, group: p.category })),
    ...items.choices.map((c) => ({ target: "choice" as const, id: c.id, name: c.name, group: c.modifier })),
  ];
  return all.filter((item) => {
    const text = `${item.name} ${item.group ?? ""}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

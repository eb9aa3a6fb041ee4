import type { Availability, CatalogueItems, LanguageCode } from "@app/contracts";
import type { Executor, Translations } from "@app/db";
import { stillSoldOut } from "@app/domain";
import { orderingPauseAt } from "./ordering-pause";
import { type CatalogueRow, findSoldOutRows, findUnitChoices, findUnitProducts, type SoldOutRow } from "./repository";

/** What the queue's "sold out and pause" panel shows: the items sold out now, the pause and busy mode. */
export async function readAvailability(
  db: Executor,
  productionUnitId: number,
  now: Date,
  language: LanguageCode = "da-DK",
): Promise<Availability> {
  const [products, choices, pause] = await Promise.all([
    soldOutNow(db, productionUnitId, "product", now),
    soldOutNow(db, productionUnitId, "choice", now),
    orderingPauseAt(db, productionUnitId, now),
  ]);
  const [productNames, choiceNames] = await Promise.all([
    products.length ? findUnitProducts(db, productionUnitId, { ids: products.map((row) => row.id) }) : [],
    choices.length ? findUnitChoices(db, productionUnitId, { ids: choices.map((row) => row.id) }) : [],
  ]);
  const item = (target: "product" | "choice", names: CatalogueRow[]) => (row: SoldOutRow) => {
    const named = names.find((candidate) => candidate.id === row.id);
    return {
      target,
      id: row.id,
      name: named ? displayName(named.name, named.internalName, language) : `#${row.id}`,
      until: row.until?.toISOString() ?? null,
    };
  };
  return {
    soldOut: [...products.map(item("product", productNames)), ...choices.map(item("choice", choiceNames))],
    pausedUntil: pause.pausedUntil?.toISOString() ?? null,
    busyMinutes: pause.busyMinutes,
    busyUntil: pause.busyUntil?.toISOString() ?? null,
  };
}

async function soldOutNow(db: Executor, productionUnitId: number, target: "product" | "choice", now: Date) {
  return (await findSoldOutRows(db, productionUnitId, target)).filter((row) => stillSoldOut(row.until, now));
}

/**
 * The picker's list: the products and choices of the restaurant's catalogue a guest can order now, by name. One
 * deleted while a basket or an order named it is archived, not gone (catalogue editing): it is left out here.
 */
export async function listCatalogueItems(
  db: Executor,
  productionUnitId: number,
  language: LanguageCode = "da-DK",
): Promise<CatalogueItems> {
  const [products, choices] = await Promise.all([
    findUnitProducts(db, productionUnitId, { offeredOnly: true }),
    findUnitChoices(db, productionUnitId, { offeredOnly: true }),
  ]);
  const collator = new Intl.Collator(language);
  const groupName = (group: Translations | null) => (group ? displayName(group, "", language) : null);
  const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
    collator.compare(a.name, b.name) || a.id - b.id;
  return {
    products: products
      .map((row) => ({
        id: row.id,
        name: displayName(row.name, row.internalName, language),
        category: groupName(row.group),
      }))
      .sort(byName),
    choices: choices
      .map((row) => ({ id: row.id, name: displayName(row.name, "", language), modifier: groupName(row.group) }))
      .sort(byName),
  };
}

/** The name in the language, else Danish, else any text, else the internal name. */
function displayName(name: Translations, internalName: string, language: LanguageCode): string {
  const texts = [name[language], name["da-DK"], ...Object.values(name ?? {}), internalName];
  return texts.map((text) => text?.trim()).find((text) => text) ?? "";
}

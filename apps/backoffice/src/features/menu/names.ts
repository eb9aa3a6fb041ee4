import type { EditorLanguage, Texts } from "./fields";

/** A row's name in the person's language, else the other, else the fallback ("Unnamed"). */
export function nameIn(texts: Partial<Texts>, language: string, fallback: string): string {
  const first: EditorLanguage = language === "en-US" ? "en-US" : "da-DK";
  const second: EditorLanguage = first === "da-DK" ? "en-US" : "da-DK";
  return texts[first] || texts[second] || fallback;
}

/**
 * Rows in the order of their names as shown in the person's language (the editor reads them sorted by their Danish
 * names, which reads as no order at all in English: "Bacon & cheese", "Baked potato", "Cutlery", "Brownie").
 */
export function sortedByName<T extends { id: number; name: Partial<Texts> }>(
  rows: readonly T[],
  language: string,
  fallback: string,
): T[] {
  const collator = new Intl.Collator(language);
  const shown = (row: T) => nameIn(row.name, language, fallback);
  return [...rows].sort((a, b) => collator.compare(shown(a), shown(b)) || a.id - b.id);
}

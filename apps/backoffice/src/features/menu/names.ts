import type { EditorLanguage, Texts } from "./fields";

/** A row's name in the person's language, else the other, else the fallback ("Unnamed"). */
export function nameIn(texts: Partial<Texts>, language: string, fallback: string): string {
  const first: EditorLanguage = language === "en-US" ? "en-US" : "da-DK";
  const second: EditorLanguage = first === "da-DK" ? "en-US" : "da-DK";
  return texts[first] || texts[second] || fallback;
}

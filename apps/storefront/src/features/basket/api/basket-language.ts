import type { LanguageCode } from "@app/contracts";

const LANGUAGES: readonly string[] = ["da-DK", "en-US"] satisfies LanguageCode[];

/**
 * The `?language=` of every basket call, so the answer names products and choices in the guest's
 * language. The API accepts da-DK and en-US only (400 otherwise), so anything else (i18next before
 * it starts, "cimode") asks for Danish, the shop's default.
 */
export function languageQuery(language: string): string {
  const code = LANGUAGES.includes(language) ? language : "da-DK";
  return `language=${code}`;
}

import type { Terms, TermsText } from "@app/contracts";

/** The terms in the guest's language, else in the first language the restaurant wrote them in. */
export function termsIn(terms: Pick<Terms, "texts">, language: string): TermsText | null {
  return terms.texts.find((text) => text.language === language) ?? terms.texts[0] ?? null;
}

/** A section's text as paragraphs (the API's text separates them by a blank line). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/** Where the terms setting points: our own page, another site (an https link), or nowhere. */
export function termsTarget(
  setting: string | null,
): { kind: "page"; path: string } | { kind: "external"; url: string } | null {
  if (!setting) return null;
  if (/^https:\/\//i.test(setting)) return { kind: "external", url: setting };
  return setting.startsWith("/") && !setting.startsWith("//") ? { kind: "page", path: setting } : null;
}

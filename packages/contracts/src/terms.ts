import { z } from "zod";
import { LanguageCode, LocalDate } from "./common";

/** One section of a restaurant's terms of trade: a heading and its text (paragraphs split by a blank line). */
export const TermsSection = z.object({
  heading: z.string(),
  body: z.string().describe("Plain text; paragraphs are separated by a blank line (no markup)"),
});
export type TermsSection = z.infer<typeof TermsSection>;

/** The terms in one language. */
export const TermsText = z.object({ language: LanguageCode, sections: z.array(TermsSection) });
export type TermsText = z.infer<typeof TermsText>;

/**
 * GET /terms/{moduleId}: the module's terms of trade in every language it has them in. The storefront shows
 * the guest's language, else the first one listed.
 */
export const Terms = z
  .object({
    moduleId: z.number().int(),
    effectiveFrom: LocalDate.describe("The date these terms apply from (YYYY-MM-DD)"),
    texts: z.array(TermsText).describe("Per language, in the order of the languages (da-DK first)"),
  })
  .meta({ id: "Terms" });
export type Terms = z.infer<typeof Terms>;

import { LanguageCode, type Terms, TermsSection } from "@app/contracts";
import type { Executor } from "@app/db";
import { notFound } from "../../errors";
import { findModuleTerms } from "./repository";

/**
 * A module's terms of trade in the storefront's languages (da-DK first): sections that are not a heading and a
 * text are left out, a language without sections is not listed. 404 when the restaurant has written none.
 */
export async function getModuleTerms(db: Executor, moduleId: number): Promise<Terms> {
  const row = await findModuleTerms(db, moduleId);
  if (!row) throw notFound("Terms");
  const texts = LanguageCode.options.flatMap((language) => {
    const stored = row.sections[language];
    const sections = (Array.isArray(stored) ? stored : []).flatMap((section) => {
      const parsed = TermsSection.safeParse(section);
      return parsed.success ? [parsed.data] : [];
    });
    return sections.length > 0 ? [{ language, sections }] : [];
  });
  if (texts.length === 0) throw notFound("Terms");
  return { moduleId, effectiveFrom: row.effectiveFrom, texts };
}

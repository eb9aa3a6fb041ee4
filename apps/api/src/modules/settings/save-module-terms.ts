import { LanguageCode, TermsSection } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { eq } from "@app/db/orm";
import { findModuleTerms } from "./repository";

const { moduleTerms } = schema;

/** A module's terms of trade as the back office edits them: the date they apply from and the sections per language. */
export type EditableTerms = {
  effectiveFrom: string;
  texts: { language: LanguageCode; sections: TermsSection[] }[];
};

/** Stores the module's terms (replacing any), or removes them (null: the storefront then shows the terms link). */
export async function saveModuleTerms(
  tx: Executor,
  moduleId: number,
  terms: EditableTerms | null,
  at: Date,
): Promise<void> {
  if (terms === null) {
    await tx.delete(moduleTerms).where(eq(moduleTerms.moduleId, moduleId));
    return;
  }
  const sections = Object.fromEntries(terms.texts.map((text) => [text.language, text.sections]));
  await tx
    .insert(moduleTerms)
    .values({ moduleId, effectiveFrom: terms.effectiveFrom, sections, updatedAt: at })
    .onConflictDoUpdate({
      target: moduleTerms.moduleId,
      set: { effectiveFrom: terms.effectiveFrom, sections, updatedAt: at },
    });
}

/** The module's terms as stored (every language, sections as written), or null when it has none. */
export async function readTermsForEditing(db: Executor, moduleId: number): Promise<EditableTerms | null> {
  const row = await findModuleTerms(db, moduleId);
  if (!row) return null;
  const texts = LanguageCode.options.flatMap((language) => {
    const stored = row.sections[language];
    if (!Array.isArray(stored)) return [];
    const sections = stored.flatMap((section) => {
      const parsed = TermsSection.safeParse(section);
      return parsed.success ? [parsed.data] : [];
    });
    return [{ language, sections }];
  });
  return { effectiveFrom: row.effectiveFrom, texts };
}

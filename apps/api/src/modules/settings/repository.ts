import { type Executor, schema } from "@app/db";
import { asc, eq } from "@app/db/orm";

export async function findAppSettings(db: Executor, moduleId: number) {
  return db
    .select({ name: schema.appSetting.name, value: schema.appSetting.value })
    .from(schema.appSetting)
    .where(eq(schema.appSetting.moduleId, moduleId));
}

export async function findLanguages(db: Executor) {
  return db.select().from(schema.language).orderBy(asc(schema.language.code));
}

/** The module's terms of trade row, or undefined when the restaurant has written none. */
export async function findModuleTerms(db: Executor, moduleId: number) {
  const [row] = await db
    .select({ sections: schema.moduleTerms.sections, effectiveFrom: schema.moduleTerms.effectiveFrom })
    .from(schema.moduleTerms)
    .where(eq(schema.moduleTerms.moduleId, moduleId));
  return row;
}

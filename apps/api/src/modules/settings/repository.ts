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

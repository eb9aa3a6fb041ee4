/**
 * The back office's writes of a module's settings (app_setting): the spec's app settings, and two of the
 * restaurant's own that the storefront does not read as features — its maintenance flag (the storefront's
 * maintenanceMode.json for its hosts) and its default language (GET /language for its token). Both live here,
 * beside the features, so one table and one change notification cover everything a restaurant sets.
 */
import type { AppSettings, LanguageCode } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { and, eq, inArray, sql } from "@app/db/orm";
import { readModuleSettings } from "./get-module-settings";

const { appSetting } = schema;

export const MAINTENANCE_SETTING = "maintenance";
export const DEFAULT_LANGUAGE_SETTING = "defaultLanguage";

/** Stores each value given under its name (insert or replace); names not given keep their value. */
export async function saveSettings(tx: Executor, moduleId: number, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({
      moduleId,
      name,
      // Drizzle sends a null parameter as SQL NULL; a JSON null must be the jsonb value null.
      value: value === null ? sql`'null'::jsonb` : value,
    }));
  if (rows.length === 0) return;
  await tx
    .insert(appSetting)
    .values(rows)
    .onConflictDoUpdate({ target: [appSetting.moduleId, appSetting.name], set: { value: sql`excluded.value` } });
}

export type RestaurantOwnSettings = { maintenance: boolean; defaultLanguage: LanguageCode | null };

/** A module's app settings as committed (or as this transaction wrote them): never a kept copy. */
export function readSettingsForEditing(db: Executor, moduleId: number): Promise<AppSettings> {
  return readModuleSettings(db, moduleId);
}

/** The module's maintenance flag and default language, read fresh. */
export async function readOwnSettings(db: Executor, moduleId: number): Promise<RestaurantOwnSettings> {
  const rows = await db
    .select({ name: appSetting.name, value: appSetting.value })
    .from(appSetting)
    .where(
      and(eq(appSetting.moduleId, moduleId), inArray(appSetting.name, [MAINTENANCE_SETTING, DEFAULT_LANGUAGE_SETTING])),
    );
  const value = (name: string) => rows.find((row) => row.name === name)?.value;
  const language = value(DEFAULT_LANGUAGE_SETTING);
  return {
    maintenance: value(MAINTENANCE_SETTING) === true,
    defaultLanguage: language === "da-DK" || language === "en-US" ? language : null,
  };
}

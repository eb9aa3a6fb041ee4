/**
 * The restaurant's own settings that change what the storefront's public calls answer: its maintenance flag
 * (maintenanceMode.json on its hosts) and its default language (GET /language for its token). Read on every
 * page load, so kept like the rest of the setup (app_setting and module_domain notify the change feed).
 */
import { LanguageCode } from "@app/contracts";
import { type Executor, schema } from "@app/db";
import { and, asc, eq } from "@app/db/orm";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import { DEFAULT_LANGUAGE_SETTING, MAINTENANCE_SETTING } from "./save-settings";

const { appSetting, module, moduleDomain } = schema;

/** Whether the module answering on `host` (normalised) has its maintenance flag on. */
export function restaurantInMaintenance(db: Executor, host: string): Promise<boolean> {
  return readRestaurantSetup(db, `settings.maintenance:${host}`, async () => {
    const rows = await db
      .select({ value: appSetting.value })
      .from(moduleDomain)
      .innerJoin(appSetting, eq(appSetting.moduleId, moduleDomain.moduleId))
      .where(and(eq(moduleDomain.host, host), eq(appSetting.name, MAINTENANCE_SETTING)))
      .limit(1);
    return rows[0]?.value === true;
  });
}

/** The default language the production unit's (first) module sets, or null when it sets none. */
export function findUnitDefaultLanguage(db: Executor, productionUnitId: number): Promise<LanguageCode | null> {
  return readRestaurantSetup(db, `settings.default-language:${productionUnitId}`, async () => {
    const rows = await db
      .select({ value: appSetting.value })
      .from(module)
      .innerJoin(appSetting, eq(appSetting.moduleId, module.id))
      .where(and(eq(module.productionUnitId, productionUnitId), eq(appSetting.name, DEFAULT_LANGUAGE_SETTING)))
      .orderBy(asc(module.id))
      .limit(1);
    const parsed = LanguageCode.safeParse(rows[0]?.value);
    return parsed.success ? parsed.data : null;
  });
}

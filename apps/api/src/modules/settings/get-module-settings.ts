import { APP_SETTING_NAMES, AppSettings } from "@app/contracts";
import type { Executor } from "@app/db";
import { readRestaurantSetup } from "../../shared/restaurant-setup";
import { findAppSettings } from "./repository";

/** A module's app settings: stored overrides on top of the spec's defaults. */
export function getModuleSettings(db: Executor, moduleId: number): Promise<AppSettings> {
  return readRestaurantSetup(db, `settings:${moduleId}`, () => readModuleSettings(db, moduleId));
}

export async function readModuleSettings(db: Executor, moduleId: number): Promise<AppSettings> {
  const stored = await findAppSettings(db, moduleId);
  const raw = Object.fromEntries(stored.map((row) => [row.name, row.value]));
  const settings = AppSettings.parse({});
  for (const name of APP_SETTING_NAMES) {
    const one = AppSettings.shape[name].safeParse(raw[name]);
    if (one.success) Object.assign(settings, { [name]: one.data });
  }
  return settings;
}

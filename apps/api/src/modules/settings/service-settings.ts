/**
 * The restaurant's service settings (issue 44), kept in app_setting beside the others but never sent to the
 * storefront: how long a new order may wait unopened before managers are alerted, and the optional auto-reject.
 */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray } from "@app/db/orm";

const { appSetting, module } = schema;

export const ACKNOWLEDGE_MINUTES_SETTING = "acknowledgeMinutes";
export const AUTO_REJECT_MINUTES_SETTING = "autoRejectMinutes";

export type ServiceSettings = {
  /** A new order unopened this long alerts the managers (default 3). */
  acknowledgeMinutes: number;
  /** A new order not accepted this long is rejected and refunded; null: never (the default). */
  autoRejectMinutes: number | null;
};

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = { acknowledgeMinutes: 3, autoRejectMinutes: null };

/** The production unit's service settings (its first module's), read fresh; defaults where none are set. */
export async function readServiceSettings(db: Executor, productionUnitId: number): Promise<ServiceSettings> {
  const rows = await db
    .select({ name: appSetting.name, value: appSetting.value })
    .from(module)
    .innerJoin(appSetting, eq(appSetting.moduleId, module.id))
    .where(
      and(
        eq(module.productionUnitId, productionUnitId),
        inArray(appSetting.name, [ACKNOWLEDGE_MINUTES_SETTING, AUTO_REJECT_MINUTES_SETTING]),
      ),
    )
    .orderBy(asc(module.id));
  const value = (name: string) => rows.find((row) => row.name === name)?.value;
  const acknowledge = value(ACKNOWLEDGE_MINUTES_SETTING);
  const autoReject = value(AUTO_REJECT_MINUTES_SETTING);
  return {
    acknowledgeMinutes:
      typeof acknowledge === "number" && Number.isInteger(acknowledge) && acknowledge >= 1
        ? acknowledge
        : DEFAULT_SERVICE_SETTINGS.acknowledgeMinutes,
    autoRejectMinutes:
      typeof autoReject === "number" && Number.isInteger(autoReject) && autoReject >= 1 ? autoReject : null,
  };
}

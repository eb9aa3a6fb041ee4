import type { RestaurantSettings } from "@app/contracts";
import type { Executor } from "@app/db";
import { invalid } from "../../errors";
import { isCategoryOfMenuInstance, isProductOfInstance } from "../catalogue";
import { requireOwnModule } from "../tenancy";

/**
 * The settings that name a category or a product (start page, upsell page, bag fee) may name only the
 * restaurant's own: another restaurant's id, or one that does not exist, would send its guests to a page that
 * cannot load. 400 with the setting's field.
 */
export async function refuseForeignCatalogueIds(
  db: Executor,
  place: { moduleId: number; productionUnitId: number },
  settings: RestaurantSettings,
): Promise<void> {
  const module = await requireOwnModule(db, place.moduleId, place.productionUnitId);
  const checks = [
    {
      name: "startCategory",
      id: settings.startCategory,
      own: isCategoryOfMenuInstance,
      instance: module.menuInstanceId,
    },
    {
      name: "precheckoutCategory",
      id: settings.precheckoutCategory,
      own: isCategoryOfMenuInstance,
      instance: module.menuInstanceId,
    },
    { name: "bagFeeItem", id: settings.bagFeeItem, own: isProductOfInstance, instance: module.productInstanceId },
  ] as const;
  for (const { name, id, own, instance } of checks) {
    if (id !== null && !(await own(db, instance, id))) {
      const what = name === "bagFeeItem" ? "product" : "category";
      throw invalid("Input.UnknownReference", `The restaurant has no ${what} ${id}`, `settings.${name}`);
    }
  }
}

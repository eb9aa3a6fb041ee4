import type { Context } from "@app/contracts";
import type { Executor } from "@app/db";
import { AppError } from "../../errors";
import { findProductGraph } from "./repository";
import { offeredGraph, toProductViews } from "./to-catalogue-json";

/**
 * Products with every option group and choice they use; any id not of this instance is a 404. A product the menu
 * editor withdrew (archived or hidden) is left out, not refused: a menu read a moment before the edit still loads.
 * Call after `productVersion` (get-catalogue-version.ts) checked tenancy.
 */
export async function getContext(
  db: Executor,
  productIds: number[],
  productInstanceId: number,
  isoWeekday: number,
): Promise<Context> {
  const graph = await findProductGraph(db, productInstanceId, productIds);
  const ofInstance = new Set(graph.products.map((row) => row.id));
  const views = toProductViews(offeredGraph(graph), isoWeekday);
  const byId = new Map(views.products.map((p) => [p.id, p]));
  const missing = productIds.filter((id) => !ofInstance.has(id));
  if (missing.length > 0) {
    throw new AppError("not_found", "NOT_FOUND", `Products not found: ${missing.join(", ")}`);
  }
  return {
    products: productIds.flatMap((id) => byId.get(id) ?? []),
    choices: views.choices,
    modifiers: views.modifiers,
  };
}

import type { Category } from "@app/contracts";
import type { Db } from "@app/db";
import { notFound } from "../../errors";
import { findCategoriesOfMenu, findMenuOfInstance } from "./repository";
import { toCategories } from "./to-catalogue-json";

/**
 * A menu's categories in display order, each with its product ids in display order. Call after
 * `menuVersion` (get-catalogue-version.ts) checked tenancy.
 */
export async function listCategories(db: Db, menuId: number, menuInstanceId: number): Promise<Category[]> {
  const [menu, { categories, links }] = await Promise.all([
    findMenuOfInstance(db, menuId, menuInstanceId),
    findCategoriesOfMenu(db, menuId),
  ]);
  if (!menu) throw notFound("Menu");
  return toCategories(categories, links);
}

import type { Menu } from "@app/contracts";
import type { Executor } from "@app/db";
import { findMenus } from "./repository";

/** The menus of a menu instance. Call after `menuVersion` (get-catalogue-version.ts) checked tenancy. */
export async function listMenus(db: Executor, menuInstanceId: number): Promise<Menu[]> {
  return findMenus(db, menuInstanceId);
}

/**
 * Tenant guards. A token reaches only its own production unit: anything of another unit is
 * answered exactly like something that does not exist (404), so ids cannot be probed.
 */
import type { Executor } from "@app/db";
import { notFound, unprocessable } from "../../errors";
import {
  findModuleOfUnit,
  findModuleUsingInstance,
  findProductionUnit,
  type InstanceColumn,
  type ModuleRow,
} from "./repository";

export async function requireOwnModule(db: Executor, moduleId: number, productionUnitId: number) {
  const found = await findModuleOfUnit(db, moduleId, productionUnitId);
  if (!found) throw notFound("Module");
  return found;
}

/**
 * Guests order only through a module that is active and visible (SPEC §3 isActive, isVisible; §4: the
 * storefront refuses a module that is not visible): otherwise 422 MODULE_UNAVAILABLE.
 */
export function requireOrderableModule(found: Pick<ModuleRow, "isActive" | "isVisible">): void {
  if (!found.isActive || !found.isVisible) {
    throw unprocessable(
      "MODULE_UNAVAILABLE",
      "This shop is not taking orders at the moment (the module is inactive or hidden)",
      "moduleId",
    );
  }
}

/** The module of this unit that uses the instance; 404 when no module of the unit uses it. */
export async function requireOwnInstance(
  db: Executor,
  column: InstanceColumn,
  instanceId: number,
  productionUnitId: number,
) {
  const found = await findModuleUsingInstance(db, column, instanceId, productionUnitId);
  if (!found) throw notFound("Instance");
  return found;
}

export async function requireOwnProductionUnit(db: Executor, id: number, productionUnitId: number) {
  if (id !== productionUnitId) throw notFound("Production unit");
  const unit = await findProductionUnit(db, id);
  if (!unit) throw notFound("Production unit");
  return unit;
}

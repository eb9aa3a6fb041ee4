import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray } from "@app/db/orm";
import type { HoursRules } from "@app/domain";
import { readRestaurantSetup } from "../../shared/restaurant-setup";

const { module, moduleDomain, productionUnit, businessHours, closedDate, specialHours } = schema;

export type ModuleRow = typeof module.$inferSelect;
export type InstanceColumn =
  | "menuInstanceId"
  | "productInstanceId"
  | "checkoutInstanceId"
  | "capacityInstanceId"
  | "deliveryInstanceId"
  | "discountInstanceId"
  | "giftcardInstanceId"
  | "paymentInstanceId"
  | "posSettingInstanceId";

export async function findModuleByHost(db: Executor, host: string): Promise<ModuleRow | undefined> {
  const rows = await db
    .select({ module })
    .from(moduleDomain)
    .innerJoin(module, eq(module.id, moduleDomain.moduleId))
    .where(eq(moduleDomain.host, host))
    .limit(1);
  return rows[0]?.module;
}

/** The host names of the production unit's modules (module_domain), its first module's first. */
export function findProductionUnitHosts(db: Executor, productionUnitId: number): Promise<string[]> {
  return readRestaurantSetup(db, `tenancy.unit-hosts:${productionUnitId}`, async () => {
    const rows = await db
      .select({ host: moduleDomain.host })
      .from(moduleDomain)
      .innerJoin(module, eq(module.id, moduleDomain.moduleId))
      .where(eq(module.productionUnitId, productionUnitId))
      .orderBy(asc(module.id), asc(moduleDomain.host));
    return rows.map((row) => row.host);
  });
}

/**
 * The host names of the organisations' restaurants (module_domain), the oldest restaurant's first, each restaurant's
 * in name order. Read every time, not kept like the guest side's setup: only the staff module asks, when it mails a
 * link (staff/link-origin.ts, staff/password-reset.ts).
 */
export async function findOrganisationHosts(db: Executor, organisationIds: readonly number[]): Promise<string[]> {
  if (organisationIds.length === 0) return [];
  const rows = await db
    .select({ host: moduleDomain.host })
    .from(moduleDomain)
    .innerJoin(module, eq(module.id, moduleDomain.moduleId))
    .innerJoin(productionUnit, eq(productionUnit.id, module.productionUnitId))
    .where(inArray(productionUnit.organisationId, [...organisationIds]))
    .orderBy(asc(productionUnit.id), asc(moduleDomain.host));
  return rows.map((row) => row.host);
}

/** The organisations' restaurants (production units), by id. Read every time, like findOrganisationHosts. */
export async function findOrganisationUnits(
  db: Executor,
  organisationIds: readonly number[],
): Promise<{ id: number; organisationId: number | null }[]> {
  if (organisationIds.length === 0) return [];
  return db
    .select({ id: productionUnit.id, organisationId: productionUnit.organisationId })
    .from(productionUnit)
    .where(inArray(productionUnit.organisationId, [...organisationIds]))
    .orderBy(asc(productionUnit.id));
}

/** The host names of one module (module_domain), for the payment's redirect addresses. */
export function findModuleHosts(db: Executor, moduleId: number): Promise<string[]> {
  return readRestaurantSetup(db, `tenancy.module-hosts:${moduleId}`, async () => {
    const rows = await db
      .select({ host: moduleDomain.host })
      .from(moduleDomain)
      .where(eq(moduleDomain.moduleId, moduleId));
    return rows.map((row) => row.host);
  });
}

/** Every restaurant's id (production_unit), in id order. */
export async function findProductionUnitIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: productionUnit.id }).from(productionUnit).orderBy(asc(productionUnit.id));
  return rows.map((row) => row.id);
}

export async function findModuleOfUnit(
  db: Executor,
  moduleId: number,
  productionUnitId: number,
): Promise<ModuleRow | undefined> {
  return readRestaurantSetup(db, `tenancy.module:${moduleId}:${productionUnitId}`, async () => {
    const rows = await db
      .select()
      .from(module)
      .where(and(eq(module.id, moduleId), eq(module.productionUnitId, productionUnitId)))
      .limit(1);
    return rows[0];
  });
}

/** The first module of the production unit that uses this instance, if any. */
export async function findModuleUsingInstance(
  db: Executor,
  column: InstanceColumn,
  instanceId: number,
  productionUnitId: number,
): Promise<ModuleRow | undefined> {
  return readRestaurantSetup(db, `tenancy.module-using:${column}:${instanceId}:${productionUnitId}`, async () => {
    const rows = await db
      .select()
      .from(module)
      .where(and(eq(module[column], instanceId), eq(module.productionUnitId, productionUnitId)))
      .limit(1);
    return rows[0];
  });
}

export function findProductionUnit(db: Executor, id: number) {
  return readRestaurantSetup(db, `tenancy.unit:${id}`, async () => {
    const rows = await db.select().from(productionUnit).where(eq(productionUnit.id, id)).limit(1);
    return rows[0];
  });
}

export function findHours(db: Executor, productionUnitId: number, kind: "opening" | "delivery") {
  return readRestaurantSetup(db, `tenancy.hours:${productionUnitId}:${kind}`, () =>
    db
      .select({ weekday: businessHours.weekday, opens: businessHours.opens, closes: businessHours.closes })
      .from(businessHours)
      .where(and(eq(businessHours.productionUnitId, productionUnitId), eq(businessHours.kind, kind))),
  );
}

export function findClosedDates(db: Executor, productionUnitId: number): Promise<string[]> {
  return readRestaurantSetup(db, `tenancy.closed:${productionUnitId}`, async () => {
    const rows = await db
      .select({ date: closedDate.date })
      .from(closedDate)
      .where(eq(closedDate.productionUnitId, productionUnitId));
    return rows.map((row) => row.date);
  });
}

export function findSpecialHours(db: Executor, productionUnitId: number, kind: "opening" | "delivery") {
  return readRestaurantSetup(db, `tenancy.special:${productionUnitId}:${kind}`, () =>
    db
      .select({ date: specialHours.date, opens: specialHours.opens, closes: specialHours.closes })
      .from(specialHours)
      .where(and(eq(specialHours.productionUnitId, productionUnitId), eq(specialHours.kind, kind))),
  );
}

/** Everything that decides when the unit is open (or delivers): weekly ranges, special hours, closed dates. */
export async function findHoursRules(
  db: Executor,
  productionUnitId: number,
  kind: "opening" | "delivery",
): Promise<HoursRules> {
  // One query after another: `db` may be a transaction (one connection, one query at a time).
  const weekly = await findHours(db, productionUnitId, kind);
  const special = await findSpecialHours(db, productionUnitId, kind);
  const closedDates = await findClosedDates(db, productionUnitId);
  return { weekly, special, closedDates };
}

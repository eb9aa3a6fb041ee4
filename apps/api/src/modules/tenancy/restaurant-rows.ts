/**
 * The back office's writes and fresh reads of restaurants: the production unit, its module, the module's host
 * names and the opening hours. A restaurant made in the back office has one module; a demo restaurant too.
 * The reads here are uncached on purpose: an editor reads what is committed (or what its own transaction wrote),
 * never a kept copy.
 */
import { type Executor, schema } from "@app/db";
import { and, asc, eq, inArray, ne } from "@app/db/orm";

const { productionUnit, module, moduleDomain, businessHours } = schema;

/** SPEC §3: CLICKANDCOLLECT 0. */
export const CLICK_AND_COLLECT = 0;

export type UnitDetails = {
  name: string;
  address: string;
  zipCode: string;
  phone: string;
  receiptEmail: string;
  cvrNumber: string;
  timeZone: string;
};

export type ModuleInstances = {
  menuInstanceId: number;
  productInstanceId: number;
  checkoutInstanceId: number;
  capacityInstanceId: number;
  deliveryInstanceId: number;
  discountInstanceId: number;
  giftcardInstanceId: number;
  paymentInstanceId: number;
};

export type WeeklyHours = { weekday: number; opens: string; closes: string }[];

/** The production unit, its opening hours, its one click-and-collect module and the module's hosts. */
export async function insertRestaurantRows(
  tx: Executor,
  input: {
    organisationId: number;
    details: UnitDetails;
    instances: ModuleInstances;
    hosts: string[];
    openingHours: WeeklyHours;
  },
): Promise<{ productionUnitId: number; moduleId: number }> {
  const [unit] = await tx
    .insert(productionUnit)
    .values({ ...input.details, organisationId: input.organisationId })
    .returning({ id: productionUnit.id });
  const productionUnitId = unit!.id;
  if (input.openingHours.length > 0) {
    await tx
      .insert(businessHours)
      .values(input.openingHours.map((hours) => ({ productionUnitId, kind: "opening" as const, ...hours })));
  }
  const [row] = await tx
    .insert(module)
    .values({
      productionUnitId,
      name: input.details.name,
      type: CLICK_AND_COLLECT,
      isActive: true,
      isVisible: true,
      ...input.instances,
    })
    .returning({ id: module.id });
  const moduleId = row!.id;
  await insertHosts(tx, moduleId, input.hosts);
  return { productionUnitId, moduleId };
}

export async function updateUnitDetails(tx: Executor, productionUnitId: number, details: UnitDetails): Promise<void> {
  await tx.update(productionUnit).set(details).where(eq(productionUnit.id, productionUnitId));
}

/** The module's host names become exactly `hosts`. A host another module has fails on the primary key (23505). */
export async function replaceHosts(tx: Executor, moduleId: number, hosts: string[]): Promise<void> {
  await tx.delete(moduleDomain).where(eq(moduleDomain.moduleId, moduleId));
  await insertHosts(tx, moduleId, hosts);
}

async function insertHosts(tx: Executor, moduleId: number, hosts: string[]): Promise<void> {
  if (hosts.length > 0) await tx.insert(moduleDomain).values(hosts.map((host) => ({ host, moduleId })));
}

/** Which of `hosts` a module other than `exceptModuleId` answers on. */
export async function findTakenHosts(db: Executor, hosts: string[], exceptModuleId?: number): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .select({ host: moduleDomain.host })
    .from(moduleDomain)
    .where(
      and(
        inArray(moduleDomain.host, hosts),
        exceptModuleId === undefined ? undefined : ne(moduleDomain.moduleId, exceptModuleId),
      ),
    );
  return rows.map((row) => row.host);
}

export type RestaurantRow = {
  unit: typeof productionUnit.$inferSelect;
  moduleId: number;
  hosts: string[];
};

/** The restaurants (production unit, first module, its hosts) of these ids that have a module, by unit id. */
export async function findRestaurantRows(db: Executor, productionUnitIds: number[]): Promise<RestaurantRow[]> {
  if (productionUnitIds.length === 0) return [];
  const units = await db
    .select({ unit: productionUnit, moduleId: module.id })
    .from(productionUnit)
    .innerJoin(module, eq(module.productionUnitId, productionUnit.id))
    .where(inArray(productionUnit.id, productionUnitIds))
    .orderBy(asc(productionUnit.id), asc(module.id));
  const firstModules = units.filter((row, i) => i === 0 || units[i - 1]!.unit.id !== row.unit.id);
  if (firstModules.length === 0) return [];
  const hosts = await db
    .select({ host: moduleDomain.host, moduleId: moduleDomain.moduleId })
    .from(moduleDomain)
    .where(
      inArray(
        moduleDomain.moduleId,
        firstModules.map((row) => row.moduleId),
      ),
    )
    .orderBy(asc(moduleDomain.host));
  return firstModules.map((row) => ({
    unit: row.unit,
    moduleId: row.moduleId,
    hosts: hosts.filter((host) => host.moduleId === row.moduleId).map((host) => host.host),
  }));
}

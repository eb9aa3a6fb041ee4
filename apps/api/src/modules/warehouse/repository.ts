/** SQL of the warehouse: what a production unit has sold out (blocked_product, blocked_choice) and its ordering pause. */
import { type Executor, schema, type Translations } from "@app/db";
import { and, asc, eq, inArray, isNull, sql } from "@app/db/orm";
import { readRestaurantSetup } from "../../shared/restaurant-setup";

const {
  blockedProduct,
  blockedChoice,
  orderingPause,
  product,
  choice,
  module,
  category,
  categoryProduct,
  modifier,
  modifierChoice,
} = schema;

export type SoldOutTarget = "product" | "choice";
/** A sold-out row: `until` null means until restored; a row whose `until` has passed no longer counts. */
export type SoldOutRow = { id: number; until: Date | null };

// ── Sold out ───────────────────────────────────────────────────────────────────────────────

/**
 * Every sold-out row of the unit, with its end, whether passed or not: kept with the restaurant's setup
 * (shared/restaurant-setup.ts; blocked_product and blocked_choice notify by migration 0006), so a change is read
 * anew in every process. What is kept stays true by the clock: callers drop the rows whose end has passed.
 */
export function findSoldOutRows(db: Executor, productionUnitId: number, target: SoldOutTarget) {
  return readRestaurantSetup(db, `warehouse.sold-out-${target}:${productionUnitId}`, (): Promise<SoldOutRow[]> => {
    if (target === "product") {
      return db
        .select({ id: blockedProduct.productId, until: blockedProduct.until })
        .from(blockedProduct)
        .where(eq(blockedProduct.productionUnitId, productionUnitId))
        .orderBy(asc(blockedProduct.productId));
    }
    return db
      .select({ id: blockedChoice.choiceId, until: blockedChoice.until })
      .from(blockedChoice)
      .where(eq(blockedChoice.productionUnitId, productionUnitId))
      .orderBy(asc(blockedChoice.choiceId));
  });
}

/** Marks the item sold out until `until` (null: until restored), replacing an earlier end. */
export async function upsertSoldOut(
  tx: Executor,
  productionUnitId: number,
  target: SoldOutTarget,
  id: number,
  until: Date | null,
): Promise<void> {
  if (target === "product") {
    await tx
      .insert(blockedProduct)
      .values({ productionUnitId, productId: id, until })
      .onConflictDoUpdate({ target: [blockedProduct.productionUnitId, blockedProduct.productId], set: { until } });
    return;
  }
  await tx
    .insert(blockedChoice)
    .values({ productionUnitId, choiceId: id, until })
    .onConflictDoUpdate({ target: [blockedChoice.productionUnitId, blockedChoice.choiceId], set: { until } });
}

/** Restores the item; answers the row it removed (null when it was not sold out). */
export async function deleteSoldOut(
  tx: Executor,
  productionUnitId: number,
  target: SoldOutTarget,
  id: number,
): Promise<SoldOutRow | null> {
  if (target === "product") {
    const [row] = await tx
      .delete(blockedProduct)
      .where(and(eq(blockedProduct.productionUnitId, productionUnitId), eq(blockedProduct.productId, id)))
      .returning({ id: blockedProduct.productId, until: blockedProduct.until });
    return row ?? null;
  }
  const [row] = await tx
    .delete(blockedChoice)
    .where(and(eq(blockedChoice.productionUnitId, productionUnitId), eq(blockedChoice.choiceId, id)))
    .returning({ id: blockedChoice.choiceId, until: blockedChoice.until });
  return row ?? null;
}

// ── The restaurant's catalogue, for naming and picking ─────────────────────────────────────

/** The product instances of the unit's modules: the catalogue its items may be sold out from. */
const unitProductInstances = (productionUnitId: number) =>
  sql`(select ${module.productInstanceId} from ${module} where ${module.productionUnitId} = ${productionUnitId})`;

export type CatalogueRow = { id: number; name: Translations; internalName: string; group: Translations | null };

/**
 * Which of the unit's products and choices to read: `ids` names sold-out rows (archived ones included, so an item
 * sold out before it was deleted keeps its name); `offeredOnly` is the picker's list, what a guest can order now
 * (the basket's rule: a product neither archived nor hidden, a choice not archived in a group not archived).
 */
export type CatalogueFilter = { ids?: number[]; offeredOnly?: boolean };

/** The unit's products, each with the name of one category it is on (null when on none). */
export function findUnitProducts(
  db: Executor,
  productionUnitId: number,
  { ids, offeredOnly = false }: CatalogueFilter = {},
): Promise<CatalogueRow[]> {
  return db
    .select({
      id: product.id,
      name: product.name,
      internalName: product.internalName,
      group: sql<Translations | null>`(select ${category.name} from ${categoryProduct}
        join ${category} on ${category.id} = ${categoryProduct.categoryId}
        where ${categoryProduct.productId} = ${product.id}
        order by ${category.archivedAt} is not null, ${category.id} limit 1)`,
    })
    .from(product)
    .where(
      and(
        sql`${product.productInstanceId} in ${unitProductInstances(productionUnitId)}`,
        ids ? inArray(product.id, ids) : undefined,
        offeredOnly ? and(isNull(product.archivedAt), eq(product.isVisible, true)) : undefined,
      ),
    )
    .orderBy(asc(product.id));
}

/** The unit's choices, each with the name of one option group it is in (null when in none). */
export function findUnitChoices(
  db: Executor,
  productionUnitId: number,
  { ids, offeredOnly = false }: CatalogueFilter = {},
): Promise<CatalogueRow[]> {
  const liveGroup = offeredOnly ? sql`and ${modifier.archivedAt} is null` : sql``;
  return db
    .select({
      id: choice.id,
      name: choice.name,
      internalName: sql<string>`''`,
      group: sql<Translations | null>`(select ${modifier.name} from ${modifierChoice}
        join ${modifier} on ${modifier.id} = ${modifierChoice.modifierId}
        where ${modifierChoice.choiceId} = ${choice.id} ${liveGroup}
        order by ${modifier.archivedAt} is not null, ${modifier.id} limit 1)`,
    })
    .from(choice)
    .where(
      and(
        sql`${choice.productInstanceId} in ${unitProductInstances(productionUnitId)}`,
        ids ? inArray(choice.id, ids) : undefined,
        offeredOnly
          ? and(
              isNull(choice.archivedAt),
              sql`exists (select 1 from ${modifierChoice} join ${modifier} on ${modifier.id} = ${modifierChoice.modifierId}
                where ${modifierChoice.choiceId} = ${choice.id} and ${modifier.archivedAt} is null)`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(choice.id));
}

// ── Ordering pause ─────────────────────────────────────────────────────────────────────────

export type OrderingPauseRow = { pausedUntil: Date | null; busyMinutes: number; busyUntil: Date | null };

/**
 * The unit's pause as stored (ends that have passed included): kept with the restaurant's setup like the sold-out
 * rows (every order's slots, validation and payment start ask for it), forgotten in every process when a change
 * commits (saveOrderingPause rings the change feed), and true by the clock: callers drop ends that have passed.
 */
export function findOrderingPause(db: Executor, productionUnitId: number): Promise<OrderingPauseRow | null> {
  return readRestaurantSetup(db, `warehouse.ordering-pause:${productionUnitId}`, async () => {
    const [row] = await db
      .select({
        pausedUntil: orderingPause.pausedUntil,
        busyMinutes: orderingPause.busyMinutes,
        busyUntil: orderingPause.busyUntil,
      })
      .from(orderingPause)
      .where(eq(orderingPause.productionUnitId, productionUnitId));
    return row ?? null;
  });
}

/** The unit's pause row, locked until the transaction ends: two changes at once queue up. */
export async function lockOrderingPause(tx: Executor, productionUnitId: number): Promise<OrderingPauseRow | null> {
  await tx.insert(orderingPause).values({ productionUnitId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      pausedUntil: orderingPause.pausedUntil,
      busyMinutes: orderingPause.busyMinutes,
      busyUntil: orderingPause.busyUntil,
    })
    .from(orderingPause)
    .where(eq(orderingPause.productionUnitId, productionUnitId))
    .for("update");
  return row ?? null;
}

export async function saveOrderingPause(
  tx: Executor,
  productionUnitId: number,
  state: OrderingPauseRow,
  at: Date,
): Promise<void> {
  await tx
    .update(orderingPause)
    .set({ ...state, changedAt: at })
    .where(eq(orderingPause.productionUnitId, productionUnitId));
}

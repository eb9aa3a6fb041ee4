/**
 * Catalogue reads. Every list is loaded with a fixed number of queries whatever its length
 * (no query per row): a product list costs three queries, a category list two.
 */
import { type Db, type Executor, schema, type Translations } from "@app/db";
import { and, asc, eq, inArray, isNull, sql } from "@app/db/orm";

const {
  module,
  menuInstance,
  productInstance,
  productionUnit,
  menu,
  category,
  categoryProduct,
  product,
  productLabel,
  productModifier,
  modifier,
  modifierChoice,
  choice,
  label,
} = schema;

export type InstanceVersion = {
  /** The instance's catalogue_version (bumped by database triggers on every catalogue change). */
  version: number;
  /** The production unit's time zone: today's weekday there decides product prices. */
  timeZone: string;
};

/**
 * The tenancy check and the catalogue version in one small query: the version of the menu or
 * product instance when a module of the production unit uses it, else undefined.
 */
export async function findOwnInstanceVersion(
  db: Executor,
  kind: "menu" | "product",
  instanceId: number,
  productionUnitId: number,
): Promise<InstanceVersion | undefined> {
  const [instance, moduleColumn] =
    kind === "menu" ? [menuInstance, module.menuInstanceId] : [productInstance, module.productInstanceId];
  const rows = await db
    .select({ version: instance.catalogueVersion, timeZone: productionUnit.timeZone })
    .from(module)
    .innerJoin(instance, eq(instance.id, moduleColumn))
    .innerJoin(productionUnit, eq(productionUnit.id, module.productionUnitId))
    .where(and(eq(moduleColumn, instanceId), eq(module.productionUnitId, productionUnitId)))
    .limit(1);
  return rows[0];
}

export type MenuRow = { id: number; name: string; active: boolean };

export async function findMenus(db: Executor, menuInstanceId: number): Promise<MenuRow[]> {
  return db
    .select({ id: menu.id, name: menu.name, active: menu.active })
    .from(menu)
    .where(and(eq(menu.menuInstanceId, menuInstanceId), isNull(menu.archivedAt)))
    .orderBy(asc(menu.id));
}

/** The menu if it belongs to the instance. */
export async function findMenuOfInstance(db: Executor, menuId: number, menuInstanceId: number) {
  const rows = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.id, menuId), eq(menu.menuInstanceId, menuInstanceId), isNull(menu.archivedAt)))
    .limit(1);
  return rows[0];
}

export type CategoryRow = typeof category.$inferSelect;
export type CategoryProductRow = { categoryId: number; productId: number; sortOrder: number };

/**
 * The menu's categories in display order, and every product link of them (two queries side by side: the pool only).
 * What the menu editor withdrew is left out: archived categories, and archived or hidden products (issue 45).
 */
export async function findCategoriesOfMenu(
  db: Db,
  menuId: number,
): Promise<{ categories: CategoryRow[]; links: CategoryProductRow[] }> {
  const [categories, links] = await Promise.all([
    db
      .select()
      .from(category)
      .where(and(eq(category.menuId, menuId), isNull(category.archivedAt)))
      .orderBy(asc(category.sortOrder), asc(category.id)),
    db
      .select({
        categoryId: categoryProduct.categoryId,
        productId: categoryProduct.productId,
        sortOrder: categoryProduct.sortOrder,
      })
      .from(categoryProduct)
      .innerJoin(category, eq(category.id, categoryProduct.categoryId))
      .innerJoin(product, eq(product.id, categoryProduct.productId))
      .where(and(eq(category.menuId, menuId), isOffered))
      .orderBy(asc(categoryProduct.categoryId), asc(categoryProduct.sortOrder), asc(categoryProduct.productId)),
  ]);
  return { categories, links };
}

export async function findLabels(db: Executor, productInstanceId: number) {
  return db
    .select({
      id: label.id,
      name: label.name,
      description: label.description,
      icon: label.icon,
      colour: label.colour,
    })
    .from(label)
    .where(and(eq(label.productInstanceId, productInstanceId), isNull(label.archivedAt)))
    .orderBy(asc(label.id));
}

export type ProductRow = Pick<typeof product.$inferSelect, Exclude<keyof typeof productColumns, "withdrawn">> & {
  labelIds: number[];
  withdrawn: boolean;
};

export type ProductModifierRow = {
  productId: number;
  modifierId: number;
  name: Translations;
  maxChoices: number;
  choicesIncluded: number;
};

export type ModifierChoiceRow = {
  modifierId: number;
  choiceId: number;
  name: Translations;
  defaultPriceMinor: number;
  overwritePriceMinor: number | null;
  freeAmount: number;
  defaultChoiceAmount: number;
};

export type ProductGraph = {
  products: ProductRow[];
  /** Option groups per product, in each product's display order. */
  productModifiers: ProductModifierRow[];
  /** Choices of every group used, each group's in display order. */
  modifierChoices: ModifierChoiceRow[];
};

/**
 * The products of the instance among `ids` with their labels, option groups and the groups'
 * choices: three queries run side by side (so the pool, never a transaction), however many products are asked for.
 */
export async function findProductGraph(db: Db, productInstanceId: number, ids: number[]): Promise<ProductGraph> {
  if (ids.length === 0) return { products: [], productModifiers: [], modifierChoices: [] };
  const ofInstance = and(eq(product.productInstanceId, productInstanceId), inArray(product.id, ids));
  const [products, productModifiers, modifierChoices] = await Promise.all([
    db
      .select({
        ...productColumns,
        // Column names inside a selected sql are rendered without their table: the joined label's own "id" would
        // shadow the product's, so the product is named outright. Archived labels are left out (issue 45).
        labelIds: sql<number[]>`coalesce((
          select json_agg(pl.label_id order by pl.label_id)
          from ${productLabel} pl join ${label} l on l.id = pl.label_id
          where pl.product_id = "product"."id" and l.archived_at is null
        ), '[]'::json)`,
      })
      .from(product)
      .where(ofInstance),
    db
      .select({
        productId: productModifier.productId,
        modifierId: modifier.id,
        name: modifier.name,
        maxChoices: productModifier.maxChoices,
        choicesIncluded: productModifier.choicesIncluded,
      })
      .from(productModifier)
      .innerJoin(product, eq(product.id, productModifier.productId))
      .innerJoin(modifier, eq(modifier.id, productModifier.modifierId))
      .where(and(ofInstance, eq(modifier.productInstanceId, productInstanceId), isNull(modifier.archivedAt)))
      .orderBy(asc(productModifier.productId), asc(productModifier.sortOrder), asc(modifier.id)),
    db
      .select({
        modifierId: modifierChoice.modifierId,
        choiceId: choice.id,
        name: choice.name,
        defaultPriceMinor: choice.defaultPriceMinor,
        overwritePriceMinor: modifierChoice.overwritePriceMinor,
        freeAmount: modifierChoice.freeAmount,
        defaultChoiceAmount: modifierChoice.defaultChoiceAmount,
      })
      .from(modifierChoice)
      .innerJoin(choice, eq(choice.id, modifierChoice.choiceId))
      .where(
        and(
          eq(choice.productInstanceId, productInstanceId),
          isNull(choice.archivedAt),
          inArray(
            modifierChoice.modifierId,
            db
              .select({ id: productModifier.modifierId })
              .from(productModifier)
              .innerJoin(product, eq(product.id, productModifier.productId))
              .where(ofInstance),
          ),
        ),
      )
      .orderBy(asc(modifierChoice.modifierId), asc(modifierChoice.sortOrder), asc(choice.id)),
  ]);
  return { products, productModifiers, modifierChoices };
}

/** A product the menu shows: not archived, not hidden by the menu editor. */
const isOffered = and(isNull(product.archivedAt), eq(product.isVisible, true));

const productColumns = {
  id: product.id,
  /** Withdrawn (archived or hidden): a product of the instance that the menu no longer offers. */
  withdrawn: sql<boolean>`not (${isOffered})`,
  productInstanceId: product.productInstanceId,
  name: product.name,
  subtitle: product.subtitle,
  description: product.description,
  internalName: product.internalName,
  priceMinor: product.priceMinor,
  originalPriceMinor: product.originalPriceMinor,
  imageUrl: product.imageUrl,
  isGiftcard: product.isGiftcard,
  dailyPriceMinor: product.dailyPriceMinor,
  dailyStartDayOfWeek: product.dailyStartDayOfWeek,
  dailyEndDayOfWeek: product.dailyEndDayOfWeek,
};

export type UnitProductInstance = {
  productInstanceId: number;
  /** Whether an active and visible module of the unit uses it (one that takes orders). */
  orderable: boolean;
  /** The lowest id of the unit's modules using it: a stable order among equals. */
  firstModuleId: number;
  /** How many of the asked product ids are products of this instance. */
  held: number;
};

/**
 * The product instances the production unit's modules use, each with how many of `ids` it holds
 * (POST /context without ?instanceId: docs/decisions/007-request-leniency.md). Two small queries,
 * one after the other.
 */
export async function findUnitProductInstances(
  db: Executor,
  productionUnitId: number,
  ids: number[],
): Promise<UnitProductInstance[]> {
  const instances = await db
    .select({
      productInstanceId: module.productInstanceId,
      orderable: sql<boolean>`bool_or(${module.isActive} and ${module.isVisible})`,
      firstModuleId: sql<number>`min(${module.id})`,
    })
    .from(module)
    .where(eq(module.productionUnitId, productionUnitId))
    .groupBy(module.productInstanceId);
  if (instances.length === 0 || ids.length === 0) return instances.map((row) => ({ ...row, held: 0 }));
  const counts = await db
    .select({ productInstanceId: product.productInstanceId, held: sql<number>`count(*)::int` })
    .from(product)
    .where(
      and(
        inArray(
          product.productInstanceId,
          instances.map((row) => row.productInstanceId),
        ),
        inArray(product.id, ids),
      ),
    )
    .groupBy(product.productInstanceId);
  const heldBy = new Map(counts.map((row) => [row.productInstanceId, row.held]));
  return instances.map((row) => ({
    ...row,
    firstModuleId: Number(row.firstModuleId),
    held: heldBy.get(row.productInstanceId) ?? 0,
  }));
}

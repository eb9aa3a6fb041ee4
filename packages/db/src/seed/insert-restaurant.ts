import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import {
  appSetting,
  blockedChoice,
  blockedProduct,
  businessHours,
  capacityInstance,
  category,
  categoryProduct,
  checkoutInstance,
  choice,
  closedDate,
  deliveryInstance,
  deliveryZone,
  discountCode,
  discountInstance,
  giftcard,
  giftcardInstance,
  label,
  menu,
  menuInstance,
  modifier,
  modifierChoice,
  module,
  moduleDomain,
  moduleTerms,
  organisation,
  paymentInstance,
  product,
  productInstance,
  productionUnit,
  productLabel,
  productModifier,
  receiptSequence,
} from "../schema";
import type { RestaurantSeed } from "./types";

export type InsertedRestaurant = {
  productionUnitId: number;
  moduleId: number;
  menuId: number;
  /** Generated ids by seed key. */
  productIds: Map<string, number>;
  categoryIds: Map<string, number>;
  choiceIds: Map<string, number>;
};

/** Looks a key up, failing loudly on a typo in the seed data. */
function idOf(ids: Map<string, number>, key: string, what: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed: unknown ${what} "${key}"`);
  return id;
}

/** Inserts a key → row list and returns the generated ids by key (rows come back in insert order). */
async function insertKeyed<K extends { key: string }>(
  items: K[],
  insert: (items: K[]) => Promise<{ id: number }[]>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (items.length === 0) return ids;
  const rows = await insert(items);
  if (rows.length !== items.length) throw new Error("seed: insert returned an unexpected number of rows");
  items.forEach((item, i) => {
    if (ids.has(item.key)) throw new Error(`seed: duplicate key "${item.key}"`);
    ids.set(item.key, rows[i]!.id);
  });
  return ids;
}

/** Inserts one restaurant (production unit, its module with every instance, catalogue and codes). */
export async function insertRestaurant(tx: Executor, data: RestaurantSeed): Promise<InsertedRestaurant> {
  const productionUnitId = await insertProductionUnit(tx, data);
  const instances = await insertInstances(tx, data);
  const { productIds, choiceIds } = await insertCatalogue(tx, data, instances.productInstanceId);
  const { menuId, categoryIds } = await insertMenu(tx, data, instances.menuInstanceId, productIds);
  const moduleId = await insertModule(tx, data, productionUnitId, instances);
  await insertSettings(tx, data, moduleId, { productIds, categoryIds });
  await insertTerms(tx, data, moduleId);
  await insertStockBlocks(tx, data, productionUnitId, { productIds, choiceIds });
  await insertCodes(tx, data, instances, productIds);
  return { productionUnitId, moduleId, menuId, productIds, categoryIds, choiceIds };
}

/** The production unit with its opening and delivery hours, closed dates and receipt sequence. */
async function insertProductionUnit(tx: Executor, data: RestaurantSeed): Promise<number> {
  const [owner] = await tx
    .insert(organisation)
    .values({ name: data.organisationName })
    .returning({ id: organisation.id });
  const [unit] = await tx
    .insert(productionUnit)
    .values({ ...data.productionUnit, organisationId: owner!.id })
    .returning({ id: productionUnit.id });
  const productionUnitId = unit!.id;

  const hours = [
    ...data.openingHours.map((h) => ({ ...h, kind: "opening" as const })),
    ...data.deliveryHours.map((h) => ({ ...h, kind: "delivery" as const })),
  ];
  if (hours.length > 0) await tx.insert(businessHours).values(hours.map((h) => ({ productionUnitId, ...h })));
  if (data.closedDates.length > 0) {
    await tx.insert(closedDate).values(data.closedDates.map((d) => ({ productionUnitId, ...d })));
  }
  await tx.insert(receiptSequence).values({ productionUnitId, lastNumber: data.receiptLastNumber });
  return productionUnitId;
}

type Instances = {
  menuInstanceId: number;
  productInstanceId: number;
  checkoutInstanceId: number;
  capacityInstanceId: number;
  deliveryInstanceId: number;
  discountInstanceId: number;
  giftcardInstanceId: number;
  paymentInstanceId: number;
};

/** One instance of every kind the module uses, and the delivery zones. */
async function insertInstances(tx: Executor, data: RestaurantSeed): Promise<Instances> {
  const [menuInst] = await tx.insert(menuInstance).values({ name: data.instanceName }).returning();
  const [productInst] = await tx.insert(productInstance).values({ name: data.instanceName }).returning();
  const [checkoutInst] = await tx.insert(checkoutInstance).values(data.checkout).returning();
  const [capacityInst] = await tx.insert(capacityInstance).values(data.capacity).returning();
  const [deliveryInst] = await tx
    .insert(deliveryInstance)
    .values({ timeInterval: data.delivery.timeInterval, preparationMinutes: data.delivery.preparationMinutes })
    .returning();
  const [discountInst] = await tx.insert(discountInstance).values({}).returning();
  const [giftcardInst] = await tx.insert(giftcardInstance).values({}).returning();
  const [paymentInst] = await tx.insert(paymentInstance).values({ provider: data.paymentProvider }).returning();

  if (data.delivery.zones.length > 0) {
    await tx
      .insert(deliveryZone)
      .values(data.delivery.zones.map((z) => ({ deliveryInstanceId: deliveryInst!.id, ...z })));
  }
  return {
    menuInstanceId: menuInst!.id,
    productInstanceId: productInst!.id,
    checkoutInstanceId: checkoutInst!.id,
    capacityInstanceId: capacityInst!.id,
    deliveryInstanceId: deliveryInst!.id,
    discountInstanceId: discountInst!.id,
    giftcardInstanceId: giftcardInst!.id,
    paymentInstanceId: paymentInst!.id,
  };
}

/** The catalogue: labels, choices, modifiers with their choices, products with their modifiers and labels. */
async function insertCatalogue(tx: Executor, data: RestaurantSeed, productInstanceId: number) {
  const labelIds = await insertKeyed(data.labels, (items) =>
    tx
      .insert(label)
      .values(items.map(({ key: _key, ...l }) => ({ productInstanceId, ...l })))
      .returning({ id: label.id }),
  );
  const choiceIds = await insertKeyed(data.choices, (items) =>
    tx
      .insert(choice)
      .values(items.map((c) => ({ productInstanceId, name: c.name, defaultPriceMinor: c.defaultPriceMinor })))
      .returning({ id: choice.id }),
  );
  const modifierIds = await insertKeyed(data.modifiers, (items) =>
    tx
      .insert(modifier)
      .values(items.map((m) => ({ productInstanceId, name: m.name })))
      .returning({ id: modifier.id }),
  );
  const modifierChoices = data.modifiers.flatMap((m) =>
    m.choices.map((mc, sortOrder) => ({
      modifierId: idOf(modifierIds, m.key, "modifier"),
      choiceId: idOf(choiceIds, mc.choice, "choice"),
      defaultChoiceAmount: mc.defaultChoiceAmount ?? 0,
      freeAmount: mc.freeAmount ?? 0,
      overwritePriceMinor: mc.overwritePriceMinor ?? null,
      sortOrder,
    })),
  );
  if (modifierChoices.length > 0) await tx.insert(modifierChoice).values(modifierChoices);

  const productIds = await insertProducts(tx, data, productInstanceId, { labelIds, modifierIds });
  return { productIds, choiceIds };
}

/** The products, then which modifiers and labels each has. */
async function insertProducts(
  tx: Executor,
  data: RestaurantSeed,
  productInstanceId: number,
  ids: { labelIds: Map<string, number>; modifierIds: Map<string, number> },
): Promise<Map<string, number>> {
  const productIds = await insertKeyed(data.products, (items) =>
    tx
      .insert(product)
      .values(
        items.map((p) => ({
          productInstanceId,
          name: p.name,
          subtitle: p.subtitle,
          description: p.description,
          internalName: p.internalName ?? p.key,
          priceMinor: p.priceMinor,
          originalPriceMinor: p.originalPriceMinor ?? null,
          imageUrl: p.imageUrl,
          isGiftcard: p.isGiftcard ?? false,
          dailyPriceMinor: p.daily?.priceMinor ?? null,
          dailyStartDayOfWeek: p.daily?.startDayOfWeek ?? null,
          dailyEndDayOfWeek: p.daily?.endDayOfWeek ?? null,
        })),
      )
      .returning({ id: product.id }),
  );
  const productModifiers = data.products.flatMap((p) =>
    (p.modifiers ?? []).map((pm, sortOrder) => ({
      productId: idOf(productIds, p.key, "product"),
      modifierId: idOf(ids.modifierIds, pm.modifier, "modifier"),
      maxChoices: pm.maxChoices,
      choicesIncluded: pm.choicesIncluded,
      sortOrder,
    })),
  );
  if (productModifiers.length > 0) await tx.insert(productModifier).values(productModifiers);
  const productLabels = data.products.flatMap((p) =>
    (p.labels ?? []).map((l) => ({
      productId: idOf(productIds, p.key, "product"),
      labelId: idOf(ids.labelIds, l, "label"),
    })),
  );
  if (productLabels.length > 0) await tx.insert(productLabel).values(productLabels);
  return productIds;
}

/** The active menu and its categories with their products. */
async function insertMenu(
  tx: Executor,
  data: RestaurantSeed,
  menuInstanceId: number,
  productIds: Map<string, number>,
): Promise<{ menuId: number; categoryIds: Map<string, number> }> {
  const [menuRow] = await tx
    .insert(menu)
    .values({ menuInstanceId, name: data.menuName, active: true })
    .returning({ id: menu.id });
  const menuId = menuRow!.id;
  const categoryIds = await insertKeyed(data.categories, (items) =>
    tx
      .insert(category)
      .values(
        items.map((c, i) => ({
          menuId,
          name: c.name,
          description: c.description,
          internalName: c.internalName ?? "",
          imageUrl: c.imageUrl,
          sortOrder: (i + 1) * 10,
        })),
      )
      .returning({ id: category.id }),
  );
  const categoryProducts = data.categories.flatMap((c) =>
    c.products.map((p, i) => ({
      categoryId: idOf(categoryIds, c.key, "category"),
      productId: idOf(productIds, p, "product"),
      sortOrder: (i + 1) * 10,
    })),
  );
  if (categoryProducts.length > 0) await tx.insert(categoryProduct).values(categoryProducts);
  return { menuId, categoryIds };
}

/** The module with every instance, and its domain. */
async function insertModule(
  tx: Executor,
  data: RestaurantSeed,
  productionUnitId: number,
  instances: Instances,
): Promise<number> {
  const [moduleRow] = await tx
    .insert(module)
    .values({
      productionUnitId,
      name: data.module.name,
      type: data.module.type,
      isActive: true,
      isVisible: true,
      ...instances,
      lavuInstanceId: null,
      placeholderInstanceId: null,
      posSettingInstanceId: null,
    })
    .returning({ id: module.id });
  const moduleId = moduleRow!.id;
  await tx.insert(moduleDomain).values({ host: data.host, moduleId });
  return moduleId;
}

/** The module's app settings, with seed keys turned into the generated ids. */
async function insertSettings(
  tx: Executor,
  data: RestaurantSeed,
  moduleId: number,
  ids: { productIds: Map<string, number>; categoryIds: Map<string, number> },
): Promise<void> {
  const s = data.settings;
  const settings: Record<string, unknown> = {
    ...s,
    startCategory: s.startCategory === null ? null : idOf(ids.categoryIds, s.startCategory, "category"),
    precheckoutCategory:
      s.precheckoutCategory === null ? null : idOf(ids.categoryIds, s.precheckoutCategory, "category"),
    bagFeeItem: s.bagFeeItem === null ? null : idOf(ids.productIds, s.bagFeeItem, "product"),
  };
  await tx.insert(appSetting).values(
    Object.entries(settings).map(([name, value]) => ({
      moduleId,
      name,
      // Drizzle sends a null parameter as SQL NULL; a JSON null must be the jsonb value null.
      value: value === null ? sql`'null'::jsonb` : value,
    })),
  );
}

/** The module's terms of trade: per language, the sections in reading order. */
async function insertTerms(tx: Executor, data: RestaurantSeed, moduleId: number): Promise<void> {
  const inLanguage = (language: "da-DK" | "en-US") =>
    data.terms.sections.map((section) => ({ heading: section.heading[language], body: section.body[language] }));
  await tx.insert(moduleTerms).values({
    moduleId,
    effectiveFrom: data.terms.effectiveFrom,
    sections: { "da-DK": inLanguage("da-DK"), "en-US": inLanguage("en-US") },
  });
}

/** The warehouse: products and choices blocked (sold out) at the production unit. */
async function insertStockBlocks(
  tx: Executor,
  data: RestaurantSeed,
  productionUnitId: number,
  ids: { productIds: Map<string, number>; choiceIds: Map<string, number> },
): Promise<void> {
  if (data.blockedProducts.length > 0) {
    await tx
      .insert(blockedProduct)
      .values(data.blockedProducts.map((p) => ({ productionUnitId, productId: idOf(ids.productIds, p, "product") })));
  }
  if (data.blockedChoices.length > 0) {
    await tx
      .insert(blockedChoice)
      .values(data.blockedChoices.map((c) => ({ productionUnitId, choiceId: idOf(ids.choiceIds, c, "choice") })));
  }
}

/** Discount codes and gift cards (codes stored upper case). */
async function insertCodes(
  tx: Executor,
  data: RestaurantSeed,
  instances: Instances,
  productIds: Map<string, number>,
): Promise<void> {
  if (data.discountCodes.length > 0) {
    await tx.insert(discountCode).values(
      data.discountCodes.map((d) => ({
        discountInstanceId: instances.discountInstanceId,
        code: d.code.toUpperCase(),
        kind: d.kind,
        value: d.value,
        minimumBasketMinor: d.minimumBasketMinor,
        validFrom: d.validFrom,
        validUntil: d.validUntil,
        productIds: d.products ? d.products.map((p) => idOf(productIds, p, "product")) : null,
        usageLimit: d.usageLimit,
        usageCount: 0,
        isActive: d.isActive ?? true,
      })),
    );
  }
  if (data.giftcards.length > 0) {
    await tx.insert(giftcard).values(
      data.giftcards.map((g) => ({
        giftcardInstanceId: instances.giftcardInstanceId,
        ...g,
        initialAmountMinor: g.balanceMinor,
        code: g.code.toUpperCase(),
      })),
    );
  }
}

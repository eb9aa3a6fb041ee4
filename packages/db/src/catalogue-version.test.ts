/**
 * The catalogue_version triggers (migration 0002): every change of a catalogue row bumps the
 * owning instance's version, stock blocks and no-op updates do not, and other instances keep theirs.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database, Db } from "./client";
import * as schema from "./schema";
import { seedDemoData } from "./seed";
import { openTestDatabase, testDbKinds } from "./testing";

type Instances = { menuInstanceId: number; productInstanceId: number; productionUnitId: number };
type Versions = { menuA: number; productA: number; menuB: number; productB: number };

async function instancesOf(db: Db, host: string): Promise<Instances> {
  const [row] = await db
    .select({
      menuInstanceId: schema.module.menuInstanceId,
      productInstanceId: schema.module.productInstanceId,
      productionUnitId: schema.module.productionUnitId,
    })
    .from(schema.moduleDomain)
    .innerJoin(schema.module, eq(schema.module.id, schema.moduleDomain.moduleId))
    .where(eq(schema.moduleDomain.host, host));
  if (!row) throw new Error(`no module for ${host}`);
  return row;
}

async function menuVersion(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ v: schema.menuInstance.catalogueVersion })
    .from(schema.menuInstance)
    .where(eq(schema.menuInstance.id, id));
  return row!.v;
}

async function productVersion(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ v: schema.productInstance.catalogueVersion })
    .from(schema.productInstance)
    .where(eq(schema.productInstance.id, id));
  return row!.v;
}

describe.each(await testDbKinds())("catalogue_version triggers on %s", (kind) => {
  let database: Database;
  let db: Db;
  let a: Instances;
  let b: Instances;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await seedDemoData(db);
    a = await instancesOf(db, "localhost");
    b = await instancesOf(db, "127.0.0.1");
  });
  afterAll(() => database.close());

  async function versions(): Promise<Versions> {
    return {
      menuA: await menuVersion(db, a.menuInstanceId),
      productA: await productVersion(db, a.productInstanceId),
      menuB: await menuVersion(db, b.menuInstanceId),
      productB: await productVersion(db, b.productInstanceId),
    };
  }

  /** Runs the change and returns how much each version went up. */
  async function bumps(change: () => Promise<unknown>): Promise<Versions> {
    const before = await versions();
    await change();
    const after = await versions();
    return {
      menuA: after.menuA - before.menuA,
      productA: after.productA - before.productA,
      menuB: after.menuB - before.menuB,
      productB: after.productB - before.productB,
    };
  }

  async function firstId<T extends { id: number }>(rows: Promise<T[]>): Promise<number> {
    const [row] = await rows;
    if (!row) throw new Error("no row");
    return row.id;
  }

  const productOfA = () =>
    firstId(
      db
        .select({ id: schema.product.id })
        .from(schema.product)
        .where(eq(schema.product.productInstanceId, a.productInstanceId))
        .orderBy(schema.product.id)
        .limit(1),
    );
  const modifierOfA = () =>
    firstId(
      db
        .select({ id: schema.modifier.id })
        .from(schema.modifier)
        .where(eq(schema.modifier.productInstanceId, a.productInstanceId))
        .limit(1),
    );
  const choiceOfA = () =>
    firstId(
      db
        .select({ id: schema.choice.id })
        .from(schema.choice)
        .where(eq(schema.choice.productInstanceId, a.productInstanceId))
        .limit(1),
    );
  const labelOfA = () =>
    firstId(
      db
        .select({ id: schema.label.id })
        .from(schema.label)
        .where(eq(schema.label.productInstanceId, a.productInstanceId))
        .limit(1),
    );
  const menuOf = (menuInstanceId: number) =>
    firstId(
      db
        .select({ id: schema.menu.id })
        .from(schema.menu)
        .where(eq(schema.menu.menuInstanceId, menuInstanceId))
        .limit(1),
    );
  const categoryOfA = async () =>
    firstId(
      db
        .select({ id: schema.category.id })
        .from(schema.category)
        .where(eq(schema.category.menuId, await menuOf(a.menuInstanceId)))
        .limit(1),
    );

  const onlyProductA = { menuA: 0, productA: 1, menuB: 0, productB: 0 };
  const onlyMenuA = { menuA: 1, productA: 0, menuB: 0, productB: 0 };
  const none = { menuA: 0, productA: 0, menuB: 0, productB: 0 };

  test("the seed leaves versions above 1 (its inserts bumped them)", async () => {
    const v = await versions();
    expect(Math.min(v.menuA, v.productA, v.menuB, v.productB)).toBeGreaterThan(1);
  });

  test("a product's price change bumps its product instance only", async () => {
    const id = await productOfA();
    expect(
      await bumps(() =>
        db
          .update(schema.product)
          .set({ priceMinor: sql`${schema.product.priceMinor} + 100` })
          .where(eq(schema.product.id, id)),
      ),
    ).toEqual(onlyProductA);
  });

  test("an update that changes nothing bumps nothing", async () => {
    const id = await productOfA();
    expect(
      await bumps(() =>
        db
          .update(schema.product)
          .set({ priceMinor: sql`${schema.product.priceMinor}` })
          .where(eq(schema.product.id, id)),
      ),
    ).toEqual(none);
  });

  test("one statement changing many rows bumps the instance", async () => {
    const count = (await db.select().from(schema.label).where(eq(schema.label.productInstanceId, a.productInstanceId)))
      .length;
    expect(count).toBeGreaterThan(1);
    const diff = await bumps(() =>
      db
        .update(schema.label)
        .set({ icon: sql`${schema.label.icon} || ''`, colour: sql`upper(${schema.label.colour})` })
        .where(eq(schema.label.productInstanceId, a.productInstanceId)),
    );
    expect(diff.productA).toBeGreaterThanOrEqual(1);
    expect({ ...diff, productA: 0 }).toEqual(none);
  });

  test.each([
    [
      "modifier",
      async () =>
        db
          .update(schema.modifier)
          .set({ name: { "da-DK": "x" } })
          .where(eq(schema.modifier.id, await modifierOfA())),
    ],
    [
      "choice",
      async () =>
        db
          .update(schema.choice)
          .set({ defaultPriceMinor: 1234 })
          .where(eq(schema.choice.id, await choiceOfA())),
    ],
    [
      "label",
      async () =>
        db
          .update(schema.label)
          .set({ icon: "star" })
          .where(eq(schema.label.id, await labelOfA())),
    ],
    [
      "product_modifier",
      async () =>
        db
          .update(schema.productModifier)
          .set({ sortOrder: sql`${schema.productModifier.sortOrder} + 1` })
          .where(eq(schema.productModifier.modifierId, await modifierOfA())),
    ],
    [
      "modifier_choice",
      async () =>
        db
          .update(schema.modifierChoice)
          .set({ freeAmount: sql`${schema.modifierChoice.freeAmount} + 1` })
          .where(eq(schema.modifierChoice.choiceId, await choiceOfA())),
    ],
  ])("an update of %s bumps the product instance", async (_, change) => {
    const diff = await bumps(change);
    expect(diff.productA).toBeGreaterThanOrEqual(1);
    expect({ ...diff, productA: 0 }).toEqual(none);
  });

  test("inserting and deleting a product label bumps the product instance each time", async () => {
    const productId = await productOfA();
    const labelId = await labelOfA();
    await db
      .delete(schema.productLabel)
      .where(and(eq(schema.productLabel.productId, productId), eq(schema.productLabel.labelId, labelId)));
    expect(await bumps(() => db.insert(schema.productLabel).values({ productId, labelId }))).toEqual(onlyProductA);
    expect(
      await bumps(() =>
        db
          .delete(schema.productLabel)
          .where(and(eq(schema.productLabel.productId, productId), eq(schema.productLabel.labelId, labelId))),
      ),
    ).toEqual(onlyProductA);
  });

  test("a category change bumps its menu instance only", async () => {
    const id = await categoryOfA();
    expect(
      await bumps(() =>
        db
          .update(schema.category)
          .set({ sortOrder: sql`${schema.category.sortOrder} + 1` })
          .where(eq(schema.category.id, id)),
      ),
    ).toEqual(onlyMenuA);
  });

  test("a menu change and a category product change bump the menu instance only", async () => {
    const menuId = await menuOf(a.menuInstanceId);
    expect(
      await bumps(() => db.update(schema.menu).set({ name: "Renamed" }).where(eq(schema.menu.id, menuId))),
    ).toEqual(onlyMenuA);
    const categoryId = await categoryOfA();
    expect(
      await bumps(() =>
        db
          .update(schema.categoryProduct)
          .set({ sortOrder: sql`${schema.categoryProduct.sortOrder} + 1` })
          .where(eq(schema.categoryProduct.categoryId, categoryId)),
      ),
    ).toMatchObject({ menuA: expect.toSatisfy((n: number) => n >= 1), productA: 0, menuB: 0, productB: 0 });
  });

  test("moving a category to another instance's menu bumps both menu instances", async () => {
    const categoryId = await categoryOfA();
    const [menuA, menuB] = [await menuOf(a.menuInstanceId), await menuOf(b.menuInstanceId)];
    expect(
      await bumps(() => db.update(schema.category).set({ menuId: menuB }).where(eq(schema.category.id, categoryId))),
    ).toEqual({ menuA: 1, productA: 0, menuB: 1, productB: 0 });
    await db.update(schema.category).set({ menuId: menuA }).where(eq(schema.category.id, categoryId));
  });

  test("blocking and unblocking stock bumps nothing", async () => {
    const productId = await productOfA();
    const choiceId = await choiceOfA();
    const unit = a.productionUnitId;
    expect(
      await bumps(async () => {
        await db.insert(schema.blockedProduct).values({ productionUnitId: unit, productId });
        await db.insert(schema.blockedChoice).values({ productionUnitId: unit, choiceId });
        await db.delete(schema.blockedProduct).where(eq(schema.blockedProduct.productId, productId));
        await db.delete(schema.blockedChoice).where(eq(schema.blockedChoice.choiceId, choiceId));
      }),
    ).toEqual(none);
  });

  test("deleting a product cascades to its links and bumps both instances", async () => {
    const [created] = await db
      .insert(schema.product)
      .values({ productInstanceId: a.productInstanceId, priceMinor: 100 })
      .returning({ id: schema.product.id });
    const productId = created!.id;
    await db.insert(schema.productLabel).values({ productId, labelId: await labelOfA() });
    await db.insert(schema.productModifier).values({ productId, modifierId: await modifierOfA(), maxChoices: 1 });
    await db.insert(schema.categoryProduct).values({ categoryId: await categoryOfA(), productId });
    const diff = await bumps(() => db.delete(schema.product).where(eq(schema.product.id, productId)));
    expect(diff.productA).toBeGreaterThanOrEqual(1);
    expect(diff.menuA).toBeGreaterThanOrEqual(1);
    expect({ menuB: diff.menuB, productB: diff.productB }).toEqual({ menuB: 0, productB: 0 });
  });

  test("a whole unused instance can be deleted with its catalogue (cascades do not trip the triggers)", async () => {
    const [pi] = await db.insert(schema.productInstance).values({ name: "tmp" }).returning();
    const [mi] = await db.insert(schema.menuInstance).values({ name: "tmp" }).returning();
    const [p] = await db.insert(schema.product).values({ productInstanceId: pi!.id, priceMinor: 1 }).returning();
    const [m] = await db.insert(schema.modifier).values({ productInstanceId: pi!.id }).returning();
    const [c] = await db.insert(schema.choice).values({ productInstanceId: pi!.id }).returning();
    await db.insert(schema.modifierChoice).values({ modifierId: m!.id, choiceId: c!.id });
    await db.insert(schema.productModifier).values({ productId: p!.id, modifierId: m!.id, maxChoices: 1 });
    const [menuRow] = await db.insert(schema.menu).values({ menuInstanceId: mi!.id, name: "tmp" }).returning();
    const [cat] = await db.insert(schema.category).values({ menuId: menuRow!.id }).returning();
    await db.insert(schema.categoryProduct).values({ categoryId: cat!.id, productId: p!.id });
    expect(await productVersion(db, pi!.id)).toBe(1 + 5); // product, modifier, choice, two links
    expect(await menuVersion(db, mi!.id)).toBe(1 + 3); // menu, category, category product

    expect(
      await bumps(async () => {
        await db.delete(schema.menuInstance).where(eq(schema.menuInstance.id, mi!.id));
        await db.delete(schema.productInstance).where(eq(schema.productInstance.id, pi!.id));
      }),
    ).toEqual(none);
    expect(await db.select().from(schema.product).where(eq(schema.product.id, p!.id))).toEqual([]);
  });
});

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, eq, getTableName, inArray, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import type { Db } from "../client";
import * as schema from "../schema";
import { openTestDatabase, testDbKinds } from "../testing";
import { seedDemoData } from ".";

const publicDir = fileURLToPath(new URL("../../../../apps/storefront/public", import.meta.url));

/** Whether a root-relative URL names a file in the storefront's public folder. */
function imageExists(url: string): boolean {
  return url.startsWith("/images/") && !url.includes("..") && existsSync(`${publicDir}${url}`);
}

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

async function moduleByHost(db: Db, host: string) {
  const [row] = await db
    .select({ module: schema.module })
    .from(schema.moduleDomain)
    .innerJoin(schema.module, eq(schema.module.id, schema.moduleDomain.moduleId))
    .where(eq(schema.moduleDomain.host, host));
  if (!row) throw new Error(`no module for host ${host}`);
  return row.module;
}

async function settingsOf(db: Db, moduleId: number): Promise<Record<string, unknown>> {
  const rows = await db.select().from(schema.appSetting).where(eq(schema.appSetting.moduleId, moduleId));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

/** Checks one seeded restaurant as the storefront would read it, starting from its host name. */
async function checkRestaurant(db: Db, host: string) {
  const mod = await moduleByHost(db, host);
  expect(mod.isActive).toBe(true);
  expect(mod.isVisible).toBe(true);
  expect(mod.type).toBe(1);

  const menus = await db
    .select()
    .from(schema.menu)
    .where(and(eq(schema.menu.menuInstanceId, mod.menuInstanceId), eq(schema.menu.active, true)));
  expect(menus).toHaveLength(1);
  const menuId = menus[0]!.id;

  const categories = await db.select().from(schema.category).where(eq(schema.category.menuId, menuId));
  expect(categories.length).toBeGreaterThanOrEqual(6);
  expect(categories.map((c) => c.internalName)).toContain("frokostkategori");
  for (const c of categories) {
    expect(c.name["da-DK"]).toBeTruthy();
    expect(c.name["en-US"]).toBeTruthy();
    expect(imageExists(c.imageUrl), c.imageUrl).toBe(true);
  }

  const products = await db
    .select()
    .from(schema.product)
    .where(eq(schema.product.productInstanceId, mod.productInstanceId));
  expect(products.length).toBeGreaterThanOrEqual(25);
  for (const p of products) {
    expect(p.name["da-DK"]).toBeTruthy();
    expect(p.name["en-US"]).toBeTruthy();
    expect(imageExists(p.imageUrl), p.imageUrl).toBe(true);
  }
  expect(products.map((p) => p.name["da-DK"])).toEqual(
    expect.arrayContaining(["Dips", "Salat", "Sauce", "Bagt kartoffel"]),
  );
  expect(products.some((p) => p.isGiftcard)).toBe(true);
  expect(products.some((p) => p.priceMinor === 0)).toBe(true);

  // Every product is in at least one category of this menu.
  const links = await db
    .select()
    .from(schema.categoryProduct)
    .where(
      inArray(
        schema.categoryProduct.categoryId,
        categories.map((c) => c.id),
      ),
    );
  const productIds = new Set(products.map((p) => p.id));
  for (const link of links) expect(productIds.has(link.productId)).toBe(true);
  const linked = new Set(links.map((l) => l.productId));
  for (const p of products) expect(linked.has(p.id), p.internalName).toBe(true);

  const settings = await settingsOf(db, mod.id);
  const precheckout = categories.find((c) => c.id === settings.precheckoutCategory);
  expect(precheckout?.internalName).toBe("precheckout");
  expect(links.some((l) => l.categoryId === precheckout!.id)).toBe(true);
  const bag = products.find((p) => p.id === settings.bagFeeItem);
  expect(bag?.name["da-DK"]).toBe("Pose");
  expect(settings.startCategory).toBeNull();
  expect(imageExists(settings.logo as string), String(settings.logo)).toBe(true);
  expect(settings.requiredGuestInformation).toEqual({ name: true, phone: true, email: true });

  const [sequence] = await db
    .select()
    .from(schema.receiptSequence)
    .where(eq(schema.receiptSequence.productionUnitId, mod.productionUnitId));
  expect(sequence?.lastNumber).toBe(1000);

  return { mod, menuId, settings };
}

describe.each(await testDbKinds())("seedDemoData on %s", (kind) => {
  test("seeds both restaurants on a fresh database", async () => {
    const database = await openTestDatabase(kind);
    try {
      const { db } = database;
      expect(await seedDemoData(db)).toEqual({ seeded: true });

      const a = await checkRestaurant(db, "localhost");
      const b = await checkRestaurant(db, "127.0.0.1");
      expect(a.mod.id).not.toBe(b.mod.id);
      expect(a.mod.productionUnitId).not.toBe(b.mod.productionUnitId);
      expect(a.menuId).not.toBe(b.menuId);
      for (const key of [
        "menuInstanceId",
        "productInstanceId",
        "checkoutInstanceId",
        "capacityInstanceId",
        "deliveryInstanceId",
        "discountInstanceId",
        "giftcardInstanceId",
        "paymentInstanceId",
      ] as const) {
        expect(a.mod[key], key).not.toBeNull();
        expect(a.mod[key], key).not.toBe(b.mod[key]);
      }
      expect(a.settings.receiptType).toBe("email");
      expect(b.settings.receiptType).toBe("sms");
      expect(a.settings.deliveryEnabled).toBe(true);
      expect(b.settings.deliveryEnabled).toBe(false);

      const languages = await db.select().from(schema.language);
      expect(languages.filter((l) => l.isDefault).map((l) => l.code)).toEqual(["da-DK"]);
      expect(languages.map((l) => l.code).sort()).toEqual(["da-DK", "en-US"]);

      const codes = await db.select().from(schema.discountCode);
      expect(codes.map((c) => c.code).sort()).toEqual(
        ["BURGER15", "FAST50", "PIZZA10", "SOMMER10", "SOMMER10", "VINTER20"].sort(),
      );
      const burger15 = codes.find((c) => c.code === "BURGER15")!;
      expect(burger15.productIds?.length).toBeGreaterThan(0);
      const giftcards = await db.select().from(schema.giftcard);
      expect(Object.fromEntries(giftcards.map((g) => [g.code, g.balanceMinor]))).toEqual({
        "GAVE-500": 50000,
        "GAVE-100": 10000,
        "GAVE-250": 25000,
      });

      // The pricing rules the storefront must handle all occur in the data.
      const modifierChoices = await db
        .select({ mc: schema.modifierChoice, defaultPriceMinor: schema.choice.defaultPriceMinor })
        .from(schema.modifierChoice)
        .innerJoin(schema.choice, eq(schema.choice.id, schema.modifierChoice.choiceId));
      expect(modifierChoices.some((r) => r.mc.freeAmount > 0)).toBe(true);
      expect(modifierChoices.some((r) => r.mc.defaultChoiceAmount > 0)).toBe(true);
      expect(
        modifierChoices.some(
          (r) => r.mc.overwritePriceMinor !== null && r.mc.overwritePriceMinor !== r.defaultPriceMinor,
        ),
      ).toBe(true);
      const productModifiers = await db.select().from(schema.productModifier);
      expect(productModifiers.some((pm) => pm.maxChoices === 2 && pm.choicesIncluded === 1)).toBe(true);
      expect(productModifiers.some((pm) => pm.maxChoices === 5 && pm.choicesIncluded === 0)).toBe(true);
      const daily = await db
        .select()
        .from(schema.product)
        .where(and(eq(schema.product.dailyStartDayOfWeek, 1), eq(schema.product.dailyEndDayOfWeek, 4)));
      expect(daily.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  test("a second seed does nothing", async () => {
    const database = await openTestDatabase(kind);
    try {
      const { db } = database;
      expect(await seedDemoData(db)).toEqual({ seeded: true });
      const before = await rowCounts(db);
      expect(before.production_unit).toBe(2);
      expect(await seedDemoData(db)).toEqual({ seeded: false });
      expect(await rowCounts(db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  test("two concurrent seeds insert the data once", async () => {
    const database = await openTestDatabase(kind);
    try {
      const { db } = database;
      const results = await Promise.all([seedDemoData(db), seedDemoData(db)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const counts = await rowCounts(db);
      expect(counts.production_unit).toBe(2);
      expect(counts.module).toBe(2);
      expect(counts.module_domain).toBe(2);
      expect(counts.language).toBe(2);
    } finally {
      await database.close();
    }
  });
});

/**
 * Catalogue answers named by the instance's catalogue_version (kept by database triggers): a change
 * makes a new ETag, a current ETag is a 304, equal requests get the same bytes from the in-process
 * cache, tenancy is checked before any of it, and two apps on one database agree.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Category, Context, Product } from "@app/contracts";
import { schema } from "@app/db";
import { and, eq, sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../app";
import { createClock, createTestApp, type DemoRestaurant, type TestApp } from "../../testing/test-app";
import { getProduct } from "./get-product";

const MONDAY = "2026-11-23T10:00:00Z"; // 11:00 in Copenhagen, ISO weekday 1

describe.each(await testDbKinds())("versioned catalogue answers on %s", (kind) => {
  let t: TestApp;
  const clock = createClock(MONDAY);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(() => t.close());

  const A = () => t.restaurantA;
  const B = () => t.restaurantB;

  function get(r: DemoRestaurant, url: string, headers: Record<string, string> = {}, app?: FastifyInstance) {
    return (app ?? t.app).inject({ method: "GET", url, headers: { ...r.auth, ...headers } });
  }

  async function productId(internalName: string): Promise<number> {
    const [row] = await t.db
      .select({ id: schema.product.id })
      .from(schema.product)
      .where(
        and(
          eq(schema.product.productInstanceId, A().module.productInstanceId),
          eq(schema.product.internalName, internalName),
        ),
      );
    return row!.id;
  }

  async function productVersion(): Promise<number> {
    const [row] = await t.db
      .select({ v: schema.productInstance.catalogueVersion })
      .from(schema.productInstance)
      .where(eq(schema.productInstance.id, A().module.productInstanceId));
    return row!.v;
  }

  async function menuVersion(): Promise<number> {
    const [row] = await t.db
      .select({ v: schema.menuInstance.catalogueVersion })
      .from(schema.menuInstance)
      .where(eq(schema.menuInstance.id, A().module.menuInstanceId));
    return row!.v;
  }

  const productUrl = (id: number) => `/api/product/${id}?instanceId=${A().module.productInstanceId}`;

  async function setPrice(id: number, priceMinor: number) {
    await t.edit((db) => db.update(schema.product).set({ priceMinor }).where(eq(schema.product.id, id)));
  }

  test("names a product answer by kind, instance, version and today's weekday", async () => {
    const res = await get(A(), productUrl(await productId("cola")));
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`W/"product-${A().module.productInstanceId}-v${await productVersion()}-wd1"`);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  test("names menu and category answers by the menu instance's version, without a weekday", async () => {
    const menus = await get(A(), `/api/menu?instanceId=${A().module.menuInstanceId}`);
    expect(menus.headers.etag).toBe(`W/"menu-${A().module.menuInstanceId}-v${await menuVersion()}"`);
    const menuId = menus.json<{ id: number }[]>()[0]!.id;
    const categories = await get(A(), `/api/category/menu/${menuId}?instanceId=${A().module.menuInstanceId}`);
    expect(categories.headers.etag).toBe(`W/"category-${A().module.menuInstanceId}-v${await menuVersion()}"`);
    const labels = await get(A(), `/api/label?instanceId=${A().module.productInstanceId}`);
    expect(labels.headers.etag).toBe(`W/"label-${A().module.productInstanceId}-v${await productVersion()}"`);
  });

  test("answers 304 without a body for the current ETag", async () => {
    const url = productUrl(await productId("classic-burger"));
    const first = await get(A(), url);
    const again = await get(A(), url, { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=60");
  });

  test("a price change bumps the product instance's version: new ETag, and the old one gets 200 with the new price", async () => {
    const id = await productId("cola");
    const url = productUrl(id);
    const before = await get(A(), url);
    expect(before.json<Product>().price).toBe(35);
    const versionBefore = await productVersion();

    await setPrice(id, 3900);
    try {
      expect(await productVersion()).toBeGreaterThan(versionBefore);
      const after = await get(A(), url, { "if-none-match": String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json<Product>().price).toBe(39);
    } finally {
      await setPrice(id, 3500);
    }
  });

  test("a category change bumps the menu instance's version and the category answer changes", async () => {
    const menuId = (await get(A(), `/api/menu?instanceId=${A().module.menuInstanceId}`)).json<{ id: number }[]>()[0]!
      .id;
    const url = `/api/category/menu/${menuId}?instanceId=${A().module.menuInstanceId}`;
    const before = await get(A(), url);
    const productVersionBefore = await productVersion();
    const versionBefore = await menuVersion();
    const first = before.json<Category[]>()[0]!;

    await t.edit((db) =>
      db.update(schema.category).set({ imageUrl: "/images/changed.webp" }).where(eq(schema.category.id, first.id)),
    );
    try {
      expect(await menuVersion()).toBeGreaterThan(versionBefore);
      expect(await productVersion()).toBe(productVersionBefore);
      const after = await get(A(), url, { "if-none-match": String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json<Category[]>()[0]!.imageUrl).toBe("/images/changed.webp");
    } finally {
      await t.edit((db) =>
        db.update(schema.category).set({ imageUrl: first.imageUrl }).where(eq(schema.category.id, first.id)),
      );
    }
  });

  test("two requests for one product answer the same bytes, the second from the in-process cache", async () => {
    const id = await productId("classic-burger");
    const first = await get(A(), productUrl(id));
    // Without the trigger, a change goes unnoticed: the version stays, so the cached bytes come back.
    await t.db.execute(sql`alter table product disable trigger product_catalogue_version`);
    try {
      await t.db
        .update(schema.product)
        .set({ internalName: "renamed-behind-the-cache" })
        .where(eq(schema.product.id, id));
      const second = await get(A(), productUrl(id));
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
    } finally {
      await t.db.update(schema.product).set({ internalName: "classic-burger" }).where(eq(schema.product.id, id));
      await t.db.execute(sql`alter table product enable trigger product_catalogue_version`);
    }
  });

  test("sends the answer serialized once, as the route's schema would (no double encoding)", async () => {
    const id = await productId("lunch-burger");
    const res = await get(A(), productUrl(id));
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.body.startsWith("{")).toBe(true);
    expect(res.json()).toEqual(await getProduct(t.db, id, A().module.productInstanceId, 1));
    expect(res.json<Product>()).toMatchObject({ price: 69, originalPrice: 89 });
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
  });

  test("checks tenancy before the cache: B gets 404 for A's cached instance, even with A's current ETag", async () => {
    const url = productUrl(await productId("classic-burger"));
    const own = await get(A(), url);
    expect(own.statusCode).toBe(200);
    const other = await get(B(), url, { "if-none-match": String(own.headers.etag) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Instance not found" }] });
    expect(other.headers.etag).toBeUndefined();
    const menu = await get(B(), `/api/menu?instanceId=${A().module.menuInstanceId}`);
    expect(menu.statusCode).toBe(404);
  });

  test("an answer from memory and a refused token carry the API's security headers, as every answer does", async () => {
    const url = productUrl(await productId("cola"));
    await get(A(), url);
    const hits = t.app.answerCache.hits;
    const fromMemory = await get(A(), url);
    expect(t.app.answerCache.hits).toBe(hits + 1);
    const refused = await t.app.inject({ method: "GET", url, headers: { authorization: "Bearer forged" } });
    expect(refused.statusCode).toBe(401);
    for (const res of [fromMemory, refused]) {
      expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
    }
  });

  test("a 404 from building the answer carries no ETag or public Cache-Control", async () => {
    const res = await get(A(), productUrl(999999));
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["cache-control"]).toBeUndefined();
  });

  test("blocking a product (stock) does not bump the version: the ETag stays current", async () => {
    const id = await productId("classic-burger");
    const url = productUrl(id);
    const before = await get(A(), url);
    const versionBefore = await productVersion();
    await t.edit((db) =>
      db.insert(schema.blockedProduct).values({ productionUnitId: A().module.productionUnitId, productId: id }),
    );
    try {
      expect(await productVersion()).toBe(versionBefore);
      expect((await get(A(), url, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(304);
    } finally {
      await t.edit((db) => db.delete(schema.blockedProduct).where(eq(schema.blockedProduct.productId, id)));
    }
  });

  test("the context call answers the same bytes again and follows a price change", async () => {
    const ids = [await productId("cola"), await productId("classic-burger")];
    const post = () =>
      t.request({
        method: "POST",
        url: `/api/context?instanceId=${A().module.productInstanceId}`,
        headers: A().auth,
        payload: { productIds: ids },
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect((await post()).body).toBe(first.body);
    await setPrice(ids[0]!, 3900);
    try {
      const after = (await post()).json<Context>();
      expect(after.products.map((p) => [p.id, p.price])).toEqual([
        [ids[0], 39],
        [ids[1], 119],
      ]);
    } finally {
      await setPrice(ids[0]!, 3500);
    }
  });

  test("answers brotli or gzip by Accept-Encoding, each the same JSON, with Vary", async () => {
    const menuId = (await get(A(), `/api/menu?instanceId=${A().module.menuInstanceId}`)).json<{ id: number }[]>()[0]!
      .id;
    const url = `/api/category/menu/${menuId}?instanceId=${A().module.menuInstanceId}`;
    const plain = await get(A(), url);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const res = await get(A(), url, { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  test("two apps on one database (two processes) agree on the ETag and both see a change", async () => {
    const second = await buildApp({ db: t.db, config: t.config, now: clock.now, logger: false });
    try {
      const id = await productId("cola");
      const url = productUrl(id);
      const one = await get(A(), url);
      const two = await get(A(), url, {}, second);
      expect(two.headers.etag).toBe(one.headers.etag);
      expect(two.body).toBe(one.body);

      await setPrice(id, 4100);
      try {
        const oneAfter = await get(A(), url, { "if-none-match": String(one.headers.etag) });
        const twoAfter = await get(A(), url, { "if-none-match": String(one.headers.etag) }, second);
        expect([oneAfter.statusCode, twoAfter.statusCode]).toEqual([200, 200]);
        expect(oneAfter.json<Product>().price).toBe(41);
        expect(twoAfter.body).toBe(oneAfter.body);
        expect(twoAfter.headers.etag).toBe(oneAfter.headers.etag);
      } finally {
        await setPrice(id, 3500);
      }
    } finally {
      await second.close();
    }
  });
});

/**
 * Menu images nothing names are collected by the retention sweep UNREFERENCED_MENU_IMAGE_DAYS (30) after the last
 * reference went (or after the upload, for one never saved into a product), on both databases; what names an
 * image keeps it; a save attaching an image at the moment of the delete never ends up naming a missing image.
 */
import { type EditorCategory, type EditorProduct, type ErrorBody, type MenuEditor, menuImageUrl } from "@app/contracts";
import { schema } from "@app/db";
import { eq, sql } from "@app/db/orm";
import { testDbKinds } from "@app/db/testing";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../testing/admin-session";
import { productId } from "../../testing/checkout-fixtures";
import { useTestApp } from "../../testing/test-app";
import { claimMenuImage } from "./claim-menu-image";
import {
  deleteUnreferencedMenuImages,
  markUnreferencedMenuImages,
  UNREFERENCED_MENU_IMAGE_DAYS,
} from "./collect-unreferenced-images";
import { photo } from "./test-images";

const START = "2026-11-23T10:00:00Z";
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(new Date(START).getTime() + days * DAY_MS);

describe.each(await testDbKinds())("unreferenced menu images on %s", (kind) => {
  const { t, clock } = useTestApp(START, { kind });

  /** The retention sweep's pass over menu images at `now`, in batches of `limit`; answers how many it deleted. */
  async function sweepAt(now: Date, limit = 500): Promise<number> {
    await markUnreferencedMenuImages(t.db, now);
    let deleted = 0;
    for (;;) {
      const batch = await deleteUnreferencedMenuImages(t.db, { now, limit });
      deleted += batch;
      if (batch < limit) return deleted;
    }
  }

  // The back office's menu editor, as restaurant A's manager.
  const unit = () => t.restaurantA.module.productionUnitId;
  const editorPath = (rest = "") => `/api/admin/restaurants/${unit()}/menu-editor${rest}`;
  async function manager(): Promise<AdminSession> {
    const organisationId = await organisationOf(t.db, unit());
    return signInAs(t.db, { organisationId, role: "manager", productionUnitIds: [unit()], now: t.clock.now() });
  }
  async function readEditor(): Promise<MenuEditor> {
    const res = await t.request({ method: "GET", url: editorPath(), headers: (await manager()).readHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function save(rest: string, payload: object) {
    return t.request({ method: "PUT", url: editorPath(rest), headers: (await manager()).headers, payload });
  }
  async function editorProduct(internalName: string): Promise<EditorProduct> {
    const id = await productId(t, t.restaurantA, internalName);
    return (await readEditor()).products.find((row) => row.id === id)!;
  }

  let sizes = 0;
  /** Uploads a new image (its own bytes each time) as restaurant A's manager at the clock's time; answers its URL. */
  async function upload(bytes?: Buffer): Promise<string> {
    const res = await t.request({
      method: "POST",
      url: `/api/admin/restaurants/${unit()}/menu-images`,
      headers: { ...(await manager()).headers, "content-type": "image/png" },
      payload: bytes ?? (await photo(40 + ++sizes, 30, "png")),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ url: string }>().url;
  }
  const hashOf = (url: string) => url.split("/")[3]!;
  async function stored(url: string): Promise<boolean> {
    const rows = await t.db
      .select()
      .from(schema.menuImage)
      .where(eq(schema.menuImage.hash, hashOf(url)));
    return rows.length === 1;
  }
  async function variantsOf(url: string) {
    return t.db
      .select()
      .from(schema.menuImageVariant)
      .where(eq(schema.menuImageVariant.hash, hashOf(url)));
  }

  async function setProductImage(internalName: string, imageUrl: string) {
    const {
      id,
      updatedAt: _at,
      updatedBy: _by,
      archivedAt: _gone,
      modifiers: _groups,
      ...fields
    } = await editorProduct(internalName);
    return save(`/products/${id}`, { ...fields, imageUrl });
  }
  async function firstCategory(): Promise<EditorCategory> {
    return (await readEditor()).menus.find((menu) => menu.active)!.categories[0]!;
  }
  async function setCategoryImage(category: EditorCategory, imageUrl: string) {
    const {
      id,
      menuId: _menu,
      sortOrder: _order,
      updatedAt: _at,
      updatedBy: _by,
      archivedAt: _gone,
      ...fields
    } = category;
    return save(`/categories/${id}`, { ...fields, imageUrl });
  }

  // Images earlier tests let go are gone before each test, and the demo products name none of ours.
  beforeEach(async () => {
    expect(UNREFERENCED_MENU_IMAGE_DAYS, "the days these tests count").toBe(30);
    await setProductImage("cola", "");
    await sweepAt(at(3650));
    await sweepAt(at(3700));
  });

  test("an upload never saved into anything is deleted 30 days after it, with its variants; its URLs then answer 404", async () => {
    const url = await upload();
    expect(await variantsOf(url)).not.toEqual([]);

    expect(await sweepAt(at(29.9))).toBe(0);
    expect(await stored(url)).toBe(true);

    expect(await sweepAt(at(30.1))).toBe(1);
    expect(await stored(url)).toBe(false);
    expect(await variantsOf(url)).toEqual([]);
    for (const width of [320, 640, 1280]) {
      const res = await t.request({ method: "GET", url: url.replace("640.webp", `${width}.webp`) });
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().errors[0]?.code).toBe("NOT_FOUND");
    }
  });

  test("an image a product names stays whatever its age; once the product lets it go it stays 30 more days", async () => {
    const url = await upload();
    expect((await setProductImage("cola", url)).statusCode).toBe(200);

    expect(await sweepAt(at(400))).toBe(0);
    expect(await stored(url)).toBe(true);

    clock.set(at(400));
    expect((await setProductImage("cola", "")).statusCode).toBe(200);
    await sweepAt(at(400.5)); // sees it let go
    expect(await sweepAt(at(430.4))).toBe(0);
    expect(await stored(url)).toBe(true);

    expect(await sweepAt(at(430.6))).toBe(1);
    expect(await stored(url)).toBe(false);
  });

  test("an image a live category of a live menu names stays; an archived category or menu does not keep it", async () => {
    const [ofCategory, ofArchivedCategory, ofArchivedMenu] = [await upload(), await upload(), await upload()];
    const editor = await readEditor();
    const [first, second] = editor.menus.find((menu) => menu.active)!.categories;
    expect((await setCategoryImage(first!, ofCategory)).statusCode).toBe(200);
    expect((await setCategoryImage(second!, ofArchivedCategory)).statusCode).toBe(200);
    // Archived as the editor's delete archives what orders or codes still name; a live category of an old menu.
    await t.db
      .update(schema.category)
      .set({ archivedAt: at(1) })
      .where(eq(schema.category.id, second!.id));
    const [oldMenu] = await t.db
      .insert(schema.menu)
      .values({ menuInstanceId: t.restaurantA.module.menuInstanceId, name: "Old", active: false, archivedAt: at(1) })
      .returning({ id: schema.menu.id });
    await t.db.insert(schema.category).values({ menuId: oldMenu!.id, imageUrl: ofArchivedMenu });

    await sweepAt(at(2));
    expect(await sweepAt(at(32.1))).toBe(2);

    expect(await stored(ofCategory)).toBe(true);
    expect(await stored(ofArchivedCategory)).toBe(false);
    expect(await stored(ofArchivedMenu)).toBe(false);
  });

  test("an archived (deleted) product does not keep its image; a live one naming the same image does", async () => {
    const [shared, ownOnly] = [await upload(), await upload()];
    expect((await setProductImage("cola", shared)).statusCode).toBe(200);
    expect((await setProductImage("cola-zero", shared)).statusCode).toBe(200);
    expect((await setProductImage("lemonade", ownOnly)).statusCode).toBe(200);
    for (const name of ["cola-zero", "lemonade"]) {
      const id = await productId(t, t.restaurantA, name);
      await t.db
        .update(schema.product)
        .set({ archivedAt: at(1) })
        .where(eq(schema.product.id, id));
    }

    await sweepAt(at(2));
    expect(await sweepAt(at(32.1))).toBe(1);

    expect(await stored(shared)).toBe(true);
    expect(await stored(ownOnly)).toBe(false);
  });

  test("an absolute URL of ours (pasted from the storefront) keeps the image too", async () => {
    const url = await upload();
    expect((await setProductImage("cola", `https://shop.example${url}`)).statusCode).toBe(200);

    await sweepAt(at(31));
    await sweepAt(at(62));
    expect(await stored(url)).toBe(true);
  });

  test("uploading the same bytes again restarts the 30 days, as the manager is about to save it", async () => {
    const bytes = await photo(333, 222, "png");
    const url = await upload(bytes);
    clock.set(at(29));
    expect(await upload(bytes)).toBe(url);

    expect(await sweepAt(at(31))).toBe(0);
    expect(await stored(url)).toBe(true);
    expect(await sweepAt(at(59.1))).toBe(1);
  });

  test("the same bytes uploaded after their collection are stored again under the same URL", async () => {
    const bytes = await photo(334, 222, "png");
    const url = await upload(bytes);
    await sweepAt(at(31));
    expect(await stored(url)).toBe(false);

    clock.set(at(31));
    expect(await upload(bytes)).toBe(url);
    expect(await stored(url)).toBe(true);
    expect((await t.request({ method: "GET", url })).statusCode).toBe(200);
  });

  test("a save naming an image collected meanwhile is refused on imageUrl (Menu.ImageMissing), nothing written", async () => {
    const url = await upload();
    await sweepAt(at(31));
    const category = await firstCategory();

    const res = await setProductImage("cola", url);
    const refusedCategory = await setCategoryImage(category, url);

    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().errors[0]).toMatchObject({ code: "Menu.ImageMissing", field: "imageUrl" });
    expect(refusedCategory.statusCode).toBe(400);
    expect((await editorProduct("cola")).imageUrl).toBe("");
    expect((await firstCategory()).imageUrl).toBe(category.imageUrl);
  });

  test("an image a save attached just before the sweep's delete stays, though its upload alone would be due", async () => {
    const url = await upload();
    clock.set(at(31));
    expect((await setProductImage("cola", url)).statusCode).toBe(200);

    expect(await deleteUnreferencedMenuImages(t.db, { now: at(31), limit: 10 })).toBe(0);
    expect(await sweepAt(at(31))).toBe(0);
    expect(await sweepAt(at(400))).toBe(0);
    expect(await stored(url)).toBe(true);
  });

  test("two sweeps at once delete every due image exactly once, without an error", async () => {
    const urls = [await upload(), await upload(), await upload(), await upload(), await upload()];

    const [first, second] = await Promise.all([sweepAt(at(31), 2), sweepAt(at(31), 2)]);

    expect(first + second).toBe(urls.length);
    for (const url of urls) expect(await stored(url)).toBe(false);
    expect(await sweepAt(at(31))).toBe(0);
  });

  test.runIf(kind === "postgres")(
    "a save and a sweep racing a hundred times: the save is refused or the image stays, never a product naming a deleted image",
    async () => {
      // Each round a due image (unused since long ago), a save naming it and a sweep started a moment apart, so some
      // saves commit between the sweep's snapshot and its lock. A share lock instead of the claim's UPDATE loses
      // about one round in twelve here.
      const id = await productId(t, t.restaurantA, "cola");
      const productInstanceId = t.restaurantA.module.productInstanceId;
      const outcomes = { kept: 0, refused: 0, broken: 0 };
      for (let round = 0; round < 100; round++) {
        const hash = round.toString(16).padStart(64, "0");
        await t.db
          .insert(schema.menuImage)
          .values({ hash, productInstanceId, width: 1, height: 1, unreferencedSince: at(-400) });
        const url = menuImageUrl(hash, 640);
        const saving = t.db
          .transaction(async (tx) => {
            if (!(await claimMenuImage(tx, url))) throw new Error("refused: the image is gone");
            await tx.update(schema.product).set({ imageUrl: url }).where(eq(schema.product.id, id));
          })
          .then(
            () => true,
            () => false,
          );
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        const sweeping = deleteUnreferencedMenuImages(t.db, { now: at(0), limit: 10 });
        const [saved] = await Promise.all([saving, sweeping]);

        const kept = await stored(url);
        outcomes[saved ? (kept ? "kept" : "broken") : "refused"]++;
      }
      expect(outcomes.broken).toBe(0);
      expect(outcomes.kept + outcomes.refused).toBe(100);
    },
  );

  test.runIf(kind === "postgres")(
    "a save claiming an image while a sweep deletes: the save that locks first keeps it, the delete skips it",
    async () => {
      const url = await upload();
      const id = await productId(t, t.restaurantA, "cola");
      let releaseSave!: () => void;
      const saveMayCommit = new Promise<void>((resolve) => {
        releaseSave = resolve;
      });
      let claimed!: () => void;
      const claimDone = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      // A save in progress: the image claimed and the product written, not yet committed.
      const saving = t.db.transaction(async (tx) => {
        expect(await claimMenuImage(tx, url)).toBe(true);
        await tx.update(schema.product).set({ imageUrl: url }).where(eq(schema.product.id, id));
        claimed();
        await saveMayCommit;
      });
      await claimDone;

      const during = await sweepAt(at(31));
      releaseSave();
      await saving;

      expect(during).toBe(0);
      expect(await stored(url)).toBe(true);
      expect(await sweepAt(at(62))).toBe(0);
      expect(await stored(url)).toBe(true);
    },
  );

  test.runIf(kind === "postgres")(
    "a save claiming an image a sweep is deleting: the delete that locks first wins, the save is refused",
    async () => {
      const url = await upload();
      let releaseSweep!: () => void;
      const sweepMayCommit = new Promise<void>((resolve) => {
        releaseSweep = resolve;
      });
      let deleted!: (count: number) => void;
      const deleteDone = new Promise<number>((resolve) => {
        deleted = resolve;
      });
      // The sweep's delete done, its transaction still open (its row lock held).
      const sweeping = t.db.transaction(async (tx) => {
        deleted(await deleteUnreferencedMenuImages(tx, { now: at(31), limit: 10 }));
        await sweepMayCommit;
      });
      expect(await deleteDone).toBe(1);

      const saving = setProductImage("cola", url);
      await vi.waitFor(
        async () => {
          const waiting = await t.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect((waiting as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
        },
        { timeout: 5_000, interval: 20 },
      );
      releaseSweep();
      await sweeping;
      const res = await saving;

      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().errors[0]).toMatchObject({ code: "Menu.ImageMissing", field: "imageUrl" });
      expect((await editorProduct("cola")).imageUrl).toBe("");
    },
  );
});

import type { Category, EditConflict, EditorProduct, ErrorBody, MenuEditor, Product } from "@app/contracts";
import { schema } from "@app/db";
import { and, desc, eq } from "@app/db/orm";
import { describe, expect, test } from "vitest";
import { productId } from "../../../testing/checkout-fixtures";
import { useTestApp } from "../../../testing/test-app";
import { menuEditorCalls, productUpdate } from "./testing";

const { t } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen
const { member, read, save, product } = menuEditorCalls(() => t);
const A = () => t.restaurantA;

const guest = (url: string) => t.request({ method: "GET", url, headers: A().auth });
const storefrontProduct = (id: number) => guest(`/api/product/${id}?instanceId=${A().module.productInstanceId}`);
async function storefrontCategories(editor: MenuEditor): Promise<Category[]> {
  const active = editor.menus.find((menu) => menu.active)!;
  const res = await guest(`/api/category/menu/${active.id}?instanceId=${A().module.menuInstanceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const errorsOf = (body: string) => JSON.parse(body) as ErrorBody;

describe("GET …/menu-editor", () => {
  test("answers the restaurant's whole catalogue, each row with its version, in øre", async () => {
    const editor = await read(await member("manager"));
    const active = editor.menus.filter((menu) => menu.active);
    expect(active).toHaveLength(1);
    expect(active[0]!.categories.length).toBeGreaterThan(3);
    const cola = editor.products.find((row) => row.internalName === "cola")!;
    expect(cola).toMatchObject({ priceMinor: 3500, name: { "da-DK": "Coca-Cola" }, version: 1, archivedAt: null });
    expect(editor.menus[0]!.categories.some((category) => category.productIds.includes(cola.id))).toBe(true);
    const bun = editor.modifiers.find((row) => row.name["da-DK"] === "Vælg bolle")!;
    expect(bun.choices[0]).toMatchObject({ defaultChoiceAmount: 1, freeAmount: 0, overwritePriceMinor: null });
    expect(editor.labels.map((row) => row.colour)).toContain("#3a8d3f");
    expect(editor.choices.find((row) => row.name["da-DK"] === "Bacon")?.defaultPriceMinor).toBe(1200);
  });

  test("refuses the kitchen's staff role (403)", async () => {
    const staff = await member("staff");
    const res = await t.request({ method: "GET", url: menuEditorCalls(() => t).path(), headers: staff.readHeaders });
    expect(res.statusCode).toBe(403);
  });
});

describe("saving a product", () => {
  test("of two saves based on the same version exactly one wins; the other is 409 naming who saved, nothing lost", async () => {
    const [manager, owner] = [await member("manager"), await member("owner")];
    const before = await product(manager, await productId(t, A(), "cola-zero"));
    const [byManager, byOwner] = await Promise.all([
      save(
        manager,
        "PUT",
        `/products/${before.id}`,
        productUpdate(before, { name: { "da-DK": "Cola Zero", "en-US": "Coke Zero" } }),
      ),
      save(owner, "PUT", `/products/${before.id}`, productUpdate(before, { priceMinor: 3900 })),
    ]);
    const statuses = [byManager.statusCode, byOwner.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = byManager.statusCode === 200 ? [byManager, byOwner] : [byOwner, byManager];
    const conflict = loser.json<EditConflict>();
    const saved = winner.json<EditorProduct>();
    expect(conflict.code).toBe("EDIT_CONFLICT");
    expect(conflict.current.version).toBe(before.version + 1);
    expect(conflict.current.updatedBy?.email).toBe(saved.updatedBy?.email);
    expect(conflict.current.updatedAt).toBe(saved.updatedAt);

    const after = await product(manager, before.id);
    const managerWon = winner === byManager;
    expect(after.name["da-DK"]).toBe(managerWon ? "Cola Zero" : before.name["da-DK"]);
    expect(after.priceMinor).toBe(managerWon ? before.priceMinor : 3900);
    expect(productUpdate(after, { version: before.version })).toEqual(
      productUpdate(
        before,
        managerWon ? { name: { "da-DK": "Cola Zero", "en-US": "Coke Zero" } } : { priceMinor: 3900 },
      ),
    );
  });

  test("the storefront shows the save as soon as it is answered, and the audit log keeps before and after", async () => {
    const manager = await member("manager");
    const id = await productId(t, A(), "lemonade");
    expect((await storefrontProduct(id)).statusCode).toBe(200); // read once, so the answer is kept in memory
    const before = await product(manager, id);
    const res = await save(
      manager,
      "PUT",
      `/products/${id}`,
      productUpdate(before, {
        priceMinor: 4400,
        name: { "da-DK": "Hjemmelavet limonade", "en-US": "Homemade lemonade" },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await storefrontProduct(id)).json<Product>();
    expect(shown).toMatchObject({ price: 44, name: { "da-DK": "Hjemmelavet limonade" } });

    const [entry] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "menu.product.update"), eq(schema.auditLog.accountId, manager.accountId)))
      .orderBy(desc(schema.auditLog.id));
    expect(entry?.before).toMatchObject({ id, priceMinor: before.priceMinor });
    expect(entry?.after).toMatchObject({ id, priceMinor: 4400 });
  });

  test("a hidden product leaves the storefront's categories, product and context, and cannot be added", async () => {
    const manager = await member("manager");
    const id = await productId(t, A(), "sparkling-water");
    const before = await product(manager, id);
    const res = await save(manager, "PUT", `/products/${id}`, productUpdate(before, { isVisible: false }));
    expect(res.statusCode, res.body).toBe(200);

    const categories = await storefrontCategories(await read(manager));
    expect(categories.flatMap((category) => category.products.map((p) => p.productId))).not.toContain(id);
    expect((await storefrontProduct(id)).statusCode).toBe(404);
    const context = await t.request({
      method: "POST",
      url: `/api/context?instanceId=${A().module.productInstanceId}`,
      headers: A().auth,
      payload: [id, await productId(t, A(), "cola")],
    });
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json<{ products: Product[] }>().products.map((p) => p.id)).not.toContain(id);

    const basket = (await guest("/api/basket")).json<{ id: string }>();
    const add = await t.request({
      method: "POST",
      url: `/api/basket/${basket.id}/products`,
      headers: A().auth,
      payload: { productId: id, amount: 1 },
    });
    expect(add.statusCode).toBe(404);
  });

  test("refuses option pricing that the storefront could not honour, naming each field", async () => {
    const manager = await member("manager");
    const id = await productId(t, A(), "classic-burger");
    const before = await product(manager, id);
    const prices = await save(
      manager,
      "PUT",
      `/products/${id}`,
      productUpdate(before, {
        originalPriceMinor: before.priceMinor,
        productPriceDaily: { priceMinor: before.priceMinor + 100, startDayOfWeek: 1, endDayOfWeek: 5 },
      }),
    );
    expect(prices.statusCode).toBe(400);
    expect(errorsOf(prices.body).errors.map(({ code, field }) => ({ code, field }))).toEqual([
      { code: "Menu.OriginalPriceNotHigher", field: "originalPriceMinor" },
      { code: "Menu.SalePriceNotLower", field: "productPriceDaily.priceMinor" },
    ]);

    const sides = before.modifiers[1]!;
    const group = await save(manager, "PUT", `/products/${id}/modifiers/${sides.modifierId}`, {
      version: before.version,
      maxChoices: 1,
      choicesIncluded: 2,
    });
    expect(group.statusCode).toBe(400);
    expect(errorsOf(group.body).errors[0]).toMatchObject({ code: "Menu.IncludedAboveMax", field: "choicesIncluded" });

    const unknown = await save(manager, "PUT", `/products/${id}`, productUpdate(before, { labelIds: [999_999] }));
    expect(errorsOf(unknown.body).errors[0]).toMatchObject({ code: "Menu.UnknownId", field: "labelIds.0" });
    const image = await save(
      manager,
      "PUT",
      `/products/${id}`,
      productUpdate(before, { imageUrl: "javascript:alert(1)" }),
    );
    expect(image.statusCode).toBe(400);
    expect((await product(manager, id)).version).toBe(before.version);
  });

  test("a product nothing names is deleted; creating one answers 201 with version 1", async () => {
    const manager = await member("manager");
    const created = await save(manager, "POST", "/products", {
      name: { "da-DK": "Dagens suppe", "en-US": "Soup of the day" },
      priceMinor: 6500,
    });
    expect(created.statusCode, created.body).toBe(201);
    const soup = created.json<EditorProduct>();
    expect(soup).toMatchObject({
      version: 1,
      priceMinor: 6500,
      isVisible: true,
      updatedBy: { email: expect.any(String) },
    });
    const deleted = await save(manager, "DELETE", `/products/${soup.id}?version=1`);
    expect(deleted.json()).toEqual({ result: "deleted", id: soup.id });
  });
});

describe("categories", () => {
  test("are reordered by the whole order, which the storefront follows at once; a partial order is refused", async () => {
    const manager = await member("manager");
    const editor = await read(manager);
    const menu = editor.menus.find((row) => row.active)!;
    const ids = menu.categories.map((category) => category.id);
    const moved = [ids[1]!, ids[0]!, ...ids.slice(2)];
    const res = await save(manager, "PUT", `/menus/${menu.id}/category-order`, { categoryIds: moved });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefrontCategories(editor)).map((category) => category.id)).toEqual(moved);

    const partial = await save(manager, "PUT", `/menus/${menu.id}/category-order`, { categoryIds: moved.slice(1) });
    expect(errorsOf(partial.body).errors[0]).toMatchObject({
      code: "Menu.CategoryOrderMismatch",
      field: "categoryIds",
    });
  });

  test("a stale category save is refused and writes nothing", async () => {
    const manager = await member("manager");
    const category = (await read(manager)).menus.find((row) => row.active)!.categories[0]!;
    const body = {
      name: { "da-DK": "Nyt navn", "en-US": "New name" },
      description: category.description,
      internalName: category.internalName,
      imageUrl: "/api/menu-images/abc/640.webp",
      productIds: category.productIds,
    };
    const first = await save(manager, "PUT", `/categories/${category.id}`, { ...body, version: category.version });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save(manager, "PUT", `/categories/${category.id}`, {
      ...body,
      name: { "da-DK": "Andet", "en-US": "Other" },
      version: category.version,
    });
    expect(stale.statusCode).toBe(409);
    const now = (await read(manager)).menus.flatMap((menu) => menu.categories).find((row) => row.id === category.id);
    expect(now?.name["da-DK"]).toBe("Nyt navn");
  });
});

describe("the order of option groups and their choices", () => {
  const auditEntries = (action: string) =>
    t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action)).orderBy(desc(schema.auditLog.id));

  test("a group's choices move in one save: the storefront follows, one version and one audit entry", async () => {
    const manager = await member("manager");
    const id = await productId(t, A(), "classic-burger");
    const burger = await product(manager, id);
    const group = (await read(manager)).modifiers.find((row) => row.id === burger.modifiers[1]!.modifierId)!;
    const ids = group.choices.map((placed) => placed.choiceId);
    expect(ids.length).toBeGreaterThan(2);
    const moved = [ids.at(-1)!, ...ids.slice(0, -1)];

    const res = await save(manager, "PUT", `/modifiers/${group.id}/choice-order`, {
      version: group.version,
      choiceIds: moved,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: group.version + 1 });
    const shown = (await storefrontProduct(id)).json<Product>().modifiers.find((row) => row.id === group.id)!;
    expect(shown.choices.map((choice) => choice.choiceId)).toEqual(moved);
    const [entry] = await auditEntries("menu.modifier.choice.reorder");
    expect(entry).toMatchObject({ before: ids, after: moved });
  });

  test("a group's partial, repeated or stale order is refused and moves nothing", async () => {
    const manager = await member("manager");
    const burger = await product(manager, await productId(t, A(), "classic-burger"));
    const group = (await read(manager)).modifiers.find((row) => row.id === burger.modifiers[1]!.modifierId)!;
    const ids = group.choices.map((placed) => placed.choiceId);
    const order = (choiceIds: number[], version = group.version) =>
      save(manager, "PUT", `/modifiers/${group.id}/choice-order`, { version, choiceIds });

    const partial = await order(ids.slice(1));
    expect(errorsOf(partial.body).errors[0]).toMatchObject({ code: "Menu.ChoiceOrderMismatch", field: "choiceIds" });
    const repeated = await order([ids[0]!, ...ids.slice(0, -1)]);
    expect(errorsOf(repeated.body).errors[0]).toMatchObject({ code: "Menu.DuplicateId", field: "choiceIds.1" });
    const stale = await order([...ids].reverse(), group.version + 1);
    expect(stale.statusCode).toBe(409);
    const after = (await read(manager)).modifiers.find((row) => row.id === group.id)!;
    expect(after).toMatchObject({ version: group.version, choices: group.choices });
  });

  test("a product's groups move in one save: the storefront follows; a partial or stale order moves nothing", async () => {
    const manager = await member("manager");
    const id = await productId(t, A(), "classic-burger");
    const before = await product(manager, id);
    const ids = before.modifiers.map((group) => group.modifierId);
    expect(ids.length).toBeGreaterThan(1);
    const moved = [...ids].reverse();
    const order = (modifierIds: number[], version = before.version) =>
      save(manager, "PUT", `/products/${id}/modifier-order`, { version, modifierIds });

    expect(errorsOf((await order(moved.slice(1))).body).errors[0]).toMatchObject({
      code: "Menu.GroupOrderMismatch",
      field: "modifierIds",
    });
    expect((await order(moved, before.version + 1)).statusCode).toBe(409);
    expect((await product(manager, id)).version).toBe(before.version);

    const res = await order(moved);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EditorProduct>()).toMatchObject({ version: before.version + 1 });
    expect((await storefrontProduct(id)).json<Product>().modifiers.map((group) => group.id)).toEqual(moved);
    const [entry] = await auditEntries("menu.product.modifier.reorder");
    expect(entry).toMatchObject({ before: ids, after: moved });
  });
});

/**
 * Every menu editor route called on restaurant A with rows made fresh for the call (version 1, named by nothing),
 * so each call succeeds as often as it is made and leaves the rest of the catalogue as it was: the rows of the
 * back office's route matrix (admin-routes.matrix.test.ts) and the body samples of request-leniency.property.test.ts.
 */
import { schema } from "@app/db";
import { and, asc, eq, isNull } from "@app/db/orm";
import type { InjectOptions } from "fastify";
import type { AdminActor, AdminActors } from "../../../testing/admin-actors";
import type { TestApp } from "../../../testing/test-app";

type Row = {
  allowed: AdminActor[];
  request: (ctx: { t: TestApp; actors: Pick<AdminActors, "restaurantAId"> }) => Promise<InjectOptions> | InjectOptions;
};

const MANAGERS: AdminActor[] = ["manager", "owner"];
const BASE = "/api/admin/restaurants/{restaurantId}/menu-editor";
const name = { "da-DK": "Matrix", "en-US": "Matrix" };

export function menuEditorMatrixRows(): Record<string, Row> {
  const url = (actors: Pick<AdminActors, "restaurantAId">, rest = "") =>
    `/api/admin/restaurants/${actors.restaurantAId}/menu-editor${rest}`;
  const row = (method: string, path: string, request: Row["request"]): [string, Row] => [
    `${method} ${BASE}${path}`,
    { allowed: MANAGERS, request },
  ];
  return Object.fromEntries([
    row("GET", "", ({ actors }) => ({ method: "GET", url: url(actors) })),
    row("POST", "/menus", ({ actors }) => ({
      method: "POST",
      url: url(actors, "/menus"),
      payload: { name: "Matrix" },
    })),
    row("PUT", "/menus/{menuId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/menus/${await fresh(t, "menu")}`),
      payload: { name: "Matrix 2", version: 1 },
    })),
    row("POST", "/menus/{menuId}/activate", async ({ t, actors }) => {
      const active = await activeMenu(t);
      return { method: "POST", url: url(actors, `/menus/${active.id}/activate`), payload: { version: active.version } };
    }),
    row("DELETE", "/menus/{menuId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/menus/${await fresh(t, "menu")}`),
    })),
    row("PUT", "/menus/{menuId}/category-order", async ({ t, actors }) => {
      const active = await activeMenu(t);
      const categoryIds = await liveCategories(t, active.id);
      return { method: "PUT", url: url(actors, `/menus/${active.id}/category-order`), payload: { categoryIds } };
    }),
    row("POST", "/menus/{menuId}/categories", async ({ t, actors }) => ({
      method: "POST",
      url: url(actors, `/menus/${await fresh(t, "menu")}/categories`),
      payload: { name },
    })),
    row("PUT", "/categories/{categoryId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/categories/${await fresh(t, "category")}`),
      payload: { name, version: 1 },
    })),
    row("DELETE", "/categories/{categoryId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/categories/${await fresh(t, "category")}`),
    })),
    row("POST", "/products", ({ actors }) => ({
      method: "POST",
      url: url(actors, "/products"),
      payload: { name, priceMinor: 1000 },
    })),
    row("PUT", "/products/{productId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/products/${await fresh(t, "product")}`),
      payload: { name, priceMinor: 1200, version: 1 },
    })),
    row("DELETE", "/products/{productId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/products/${await fresh(t, "product")}`),
    })),
    row("PUT", "/products/{productId}/modifiers/{modifierId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/products/${await fresh(t, "product")}/modifiers/${await fresh(t, "modifier")}`),
      payload: { version: 1, maxChoices: 1, choicesIncluded: 0 },
    })),
    row("DELETE", "/products/{productId}/modifiers/{modifierId}", async ({ t, actors }) => {
      const [productId, modifierId] = [await fresh(t, "product"), await fresh(t, "modifier")];
      await t.db.insert(schema.productModifier).values({ productId, modifierId, maxChoices: 1 });
      return { method: "DELETE", url: url(actors, `/products/${productId}/modifiers/${modifierId}`) };
    }),
    row("PUT", "/products/{productId}/modifier-order", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/products/${await fresh(t, "product")}/modifier-order`),
      payload: { version: 1, modifierIds: [] },
    })),
    row("POST", "/modifiers", ({ actors }) => ({ method: "POST", url: url(actors, "/modifiers"), payload: { name } })),
    row("PUT", "/modifiers/{modifierId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/modifiers/${await fresh(t, "modifier")}`),
      payload: { name, version: 1 },
    })),
    row("DELETE", "/modifiers/{modifierId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/modifiers/${await fresh(t, "modifier")}`),
    })),
    row("PUT", "/modifiers/{modifierId}/choices/{choiceId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/modifiers/${await fresh(t, "modifier")}/choices/${await fresh(t, "choice")}`),
      payload: { version: 1 },
    })),
    row("DELETE", "/modifiers/{modifierId}/choices/{choiceId}", async ({ t, actors }) => {
      const [modifierId, choiceId] = [await fresh(t, "modifier"), await fresh(t, "choice")];
      await t.db.insert(schema.modifierChoice).values({ modifierId, choiceId });
      return { method: "DELETE", url: url(actors, `/modifiers/${modifierId}/choices/${choiceId}`) };
    }),
    row("PUT", "/modifiers/{modifierId}/choice-order", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/modifiers/${await fresh(t, "modifier")}/choice-order`),
      payload: { version: 1, choiceIds: [] },
    })),
    row("POST", "/choices", ({ actors }) => ({ method: "POST", url: url(actors, "/choices"), payload: { name } })),
    row("PUT", "/choices/{choiceId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/choices/${await fresh(t, "choice")}`),
      payload: { name, defaultPriceMinor: 500, version: 1 },
    })),
    row("DELETE", "/choices/{choiceId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/choices/${await fresh(t, "choice")}`),
    })),
    row("POST", "/labels", ({ actors }) => ({
      method: "POST",
      url: url(actors, "/labels"),
      payload: { name, colour: "#336699" },
    })),
    row("PUT", "/labels/{labelId}", async ({ t, actors }) => ({
      method: "PUT",
      url: url(actors, `/labels/${await fresh(t, "label")}`),
      payload: { name, colour: "#336699", version: 1 },
    })),
    row("DELETE", "/labels/{labelId}", async ({ t, actors }) => ({
      method: "DELETE",
      url: url(actors, `/labels/${await fresh(t, "label")}`),
    })),
  ]);
}

/** A new row of restaurant A's catalogue at version 1 (a category on a new, inactive menu). */
async function fresh(
  t: TestApp,
  kind: "menu" | "category" | "product" | "modifier" | "choice" | "label",
): Promise<number> {
  const { menuInstanceId, productInstanceId } = t.restaurantA.module;
  const returning = async (rows: Promise<{ id: number }[]>) => (await rows)[0]!.id;
  switch (kind) {
    case "menu":
      return returning(
        t.db
          .insert(schema.menu)
          .values({ menuInstanceId, name: "Matrix", active: false })
          .returning({ id: schema.menu.id }),
      );
    case "category": {
      const menuId = await fresh(t, "menu");
      return returning(t.db.insert(schema.category).values({ menuId, name }).returning({ id: schema.category.id }));
    }
    case "product":
      return returning(
        t.db
          .insert(schema.product)
          .values({ productInstanceId, name, priceMinor: 1000 })
          .returning({ id: schema.product.id }),
      );
    case "modifier":
      return returning(
        t.db.insert(schema.modifier).values({ productInstanceId, name }).returning({ id: schema.modifier.id }),
      );
    case "choice":
      return returning(
        t.db.insert(schema.choice).values({ productInstanceId, name }).returning({ id: schema.choice.id }),
      );
    case "label":
      return returning(
        t.db
          .insert(schema.label)
          .values({ productInstanceId, name, icon: "star", colour: "#336699" })
          .returning({ id: schema.label.id }),
      );
  }
}

async function activeMenu(t: TestApp) {
  const [menu] = await t.db
    .select({ id: schema.menu.id, version: schema.menu.version })
    .from(schema.menu)
    .where(and(eq(schema.menu.menuInstanceId, t.restaurantA.module.menuInstanceId), eq(schema.menu.active, true)))
    .orderBy(asc(schema.menu.id))
    .limit(1);
  return menu!;
}

async function liveCategories(t: TestApp, menuId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: schema.category.id })
    .from(schema.category)
    .where(and(eq(schema.category.menuId, menuId), isNull(schema.category.archivedAt)))
    .orderBy(asc(schema.category.sortOrder), asc(schema.category.id));
  return rows.map((row) => row.id);
}

type Json = Record<string, unknown>;

/** The routes with a JSON body, each a sample maker as request-leniency.property.test.ts calls it. */
export function menuEditorBodySamples(t: TestApp, headers: Record<string, string>) {
  const actors = { restaurantAId: t.restaurantA.module.productionUnitId };
  return Object.entries(menuEditorMatrixRows())
    .filter(([route]) => route.startsWith("POST") || route.startsWith("PUT"))
    .map(([route, row]): [string, () => Promise<{ url: string; body: Json; headers: Record<string, string> }>] => [
      route,
      async () => {
        const request = await row.request({ t, actors });
        return { url: String(request.url), body: (request.payload ?? {}) as Json, headers };
      },
    ]);
}

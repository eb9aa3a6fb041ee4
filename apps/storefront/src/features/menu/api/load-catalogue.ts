import type { Category, Context, Label, Menu, Product } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** Which catalogue to read: the module's instances (SPEC §3 Module). */
export type CatalogueArgs = { menuInstanceId: number; productInstanceId: number };

export type Catalogue = {
  /** The module's active menu; null when it has none (then there are no categories). */
  menu: Menu | null;
  /** Every category of the menu in display order; `visibleCategories` picks the ones to show. */
  categories: Category[];
  /** Every product of those categories, with today's price and its option groups. */
  productsById: ReadonlyMap<number, Product>;
  labels: Label[];
};

/**
 * POST /context takes at most 200 ids (MAX_CONTEXT_PRODUCTS in @app/contracts, which the storefront
 * imports only as types, so the number is repeated here); a larger menu is asked for in pieces.
 */
const CONTEXT_BATCH = 200;

/**
 * The catalogue as the server embeds it in the page (apps/api/src/plugins/storefront-boot-data.ts): the
 * raw answers of the four calls below for the host's module, so the front page's tiles need none of them.
 */
export type EmbeddedCatalogue = CatalogueArgs & {
  menus: Menu[];
  categories: Category[];
  labels: Label[];
  context: Context;
};

const loaded = new WeakMap<ApiClient, Map<string, Promise<Catalogue>>>();

/**
 * The catalogue, read once per page load and shared by the front page, the menu and precheckout pages
 * (prices and menus change rarely; sold-out data is `loadStock`, read per visit). A failed load is
 * forgotten, so "Try again" reads it anew.
 *
 * SPEC §8: no menu or no context → error (the promise rejects with ApiError); failed categories → none;
 * failed labels → none (they only decorate the cards).
 */
export function loadCatalogue(
  args: CatalogueArgs,
  client: ApiClient = api,
  embedded?: EmbeddedCatalogue,
): Promise<Catalogue> {
  const cache = loaded.get(client) ?? new Map<string, Promise<Catalogue>>();
  loaded.set(client, cache);
  const key = `${args.menuInstanceId}:${args.productInstanceId}`;
  let catalogue = cache.get(key);
  if (!catalogue) {
    catalogue = isFor(embedded, args) ? Promise.resolve(fromEmbedded(embedded)) : readCatalogue(args, client);
    cache.set(key, catalogue);
    catalogue.catch(() => cache.delete(key));
  }
  return catalogue;
}

/** The server writes the block for the host's module; a page of another module's instances is not ours. */
function isFor(embedded: EmbeddedCatalogue | undefined, args: CatalogueArgs): embedded is EmbeddedCatalogue {
  return embedded?.menuInstanceId === args.menuInstanceId && embedded.productInstanceId === args.productInstanceId;
}

function fromEmbedded({ menus, categories, labels, context }: EmbeddedCatalogue): Catalogue {
  const menu = menus.find((m) => m.active) ?? null;
  return {
    menu,
    categories: menu ? categories : [],
    productsById: new Map(context.products.map((p) => [p.id, p])),
    labels,
  };
}

async function readCatalogue(
  { menuInstanceId, productInstanceId }: CatalogueArgs,
  client: ApiClient,
): Promise<Catalogue> {
  const [menu, labels] = await Promise.all([
    readActiveMenu(menuInstanceId, client),
    readLabels(productInstanceId, client),
  ]);
  const categories = menu ? await readCategories(menu.id, menuInstanceId, client) : [];
  const products = await readProducts(productIdsOf(categories), productInstanceId, client);
  return { menu, categories, productsById: new Map(products.map((p) => [p.id, p])), labels };
}

async function readActiveMenu(menuInstanceId: number, client: ApiClient): Promise<Menu | null> {
  const menus = await client.get<Menu[]>(`/menu?instanceId=${menuInstanceId}`);
  return menus.find((menu) => menu.active) ?? null;
}

async function readCategories(menuId: number, menuInstanceId: number, client: ApiClient): Promise<Category[]> {
  const result = await client.request<Category[]>("GET", `/category/menu/${menuId}?instanceId=${menuInstanceId}`);
  return result.ok ? result.data : [];
}

async function readLabels(productInstanceId: number, client: ApiClient): Promise<Label[]> {
  const result = await client.request<Label[]>("GET", `/label?instanceId=${productInstanceId}`);
  return result.ok ? result.data : [];
}

async function readProducts(ids: number[], productInstanceId: number, client: ApiClient): Promise<Product[]> {
  const batches: number[][] = [];
  for (let start = 0; start < ids.length; start += CONTEXT_BATCH) batches.push(ids.slice(start, start + CONTEXT_BATCH));
  const contexts = await Promise.all(
    // SPEC §7: the body is the bare list of product ids.
    batches.map((batch) => client.send<Context>("POST", `/context?instanceId=${productInstanceId}`, { body: batch })),
  );
  return contexts.flatMap((context) => context.products);
}

function productIdsOf(categories: Category[]): number[] {
  return [...new Set(categories.flatMap((category) => category.products.map((p) => p.productId)))];
}

import { BOOT_BLOCK_IDS } from "@app/contracts";
import type { FastifyInstance } from "fastify";

/** The ids of the data blocks the page carries, shared with the storefront that reads them (@app/contracts). */
export const MODULE_BLOCK_ID = BOOT_BLOCK_IDS.module;
export const CATALOGUE_BLOCK_ID = BOOT_BLOCK_IDS.catalogue;
export const LANGUAGES_BLOCK_ID = BOOT_BLOCK_IDS.languages;
export const START_BLOCK_ID = BOOT_BLOCK_IDS.start;
export const STOCK_BLOCK_ID = BOOT_BLOCK_IDS.stock;

/**
 * What the page for one host carries: raw JSON texts, exactly as the API answers them, and the production
 * unit whose token the app asks for first (the page preloads that call; the token itself is never in it).
 */
export type BootData = {
  module: string;
  productionUnitId: number;
  /** The app start's parallel calls of SPEC §4 but the maintenance flag (a file, read per request). */
  start: string | null;
  languages: string | null;
  catalogue: string | null;
  /** What is sold out at the production unit now; only the pages whose first loader reads it carry it. */
  stock: string | null;
};

/** POST /api/context takes at most this many ids (MAX_CONTEXT_PRODUCTS); a bigger menu is left to the app. */
const CONTEXT_LIMIT = 200;

type PublicModule = { id: number; productionUnitId: number; menuInstanceId: number; productInstanceId: number };
type MenuAnswer = { id: number; active: boolean }[];
type CategoriesAnswer = { products: { productId: number }[] }[];

/**
 * The public data the app start of `host` needs before its first category tile, read through the API's own
 * routes (app.inject), so each block is byte for byte what the browser would get. Null when the host has
 * no module or the API cannot answer now: the page then goes out without data and the app asks itself.
 *
 * The catalogue needs a token; the one minted here stays on the server and is never embedded (the page is
 * cacheable and the same for every guest of the host).
 */
export async function readBootData(app: FastifyInstance, host: string): Promise<BootData | null> {
  const byDomain = await app.inject({ method: "GET", url: `/api/module/domain/${encodeURIComponent(host)}` });
  if (byDomain.statusCode !== 200) return null;
  const module = byDomain.json<PublicModule>();
  const base = { module: byDomain.body, productionUnitId: module.productionUnitId };
  const tokenAnswer = await app.inject({ method: "GET", url: `/api/token/${module.productionUnitId}` });
  if (tokenAnswer.statusCode !== 200) return { ...base, start: null, languages: null, catalogue: null, stock: null };
  const headers = { authorization: `Bearer ${tokenAnswer.json<{ token: string }>().token}` };
  const [start, languages, catalogue, stock] = await Promise.all([
    readStart(app, module, headers).catch(() => null),
    app.inject({ method: "GET", url: "/api/language", headers }).then((r) => (r.statusCode === 200 ? r.body : null)),
    readCatalogue(app, module, headers).catch(() => null),
    readStock(app, module, headers).catch(() => null),
  ]);
  return { ...base, start, languages, catalogue, stock };
}

/**
 * The block of the start's calls: module, production unit, frontend settings (each required, as in the
 * app) and today's opening hours (null when the API has none, as the app reads a failure).
 */
async function readStart(
  app: FastifyInstance,
  module: PublicModule,
  headers: { authorization: string },
): Promise<string | null> {
  const get = (url: string) => app.inject({ method: "GET", url, headers });
  const [own, productionUnit, frontend, openingHours] = await Promise.all([
    get(`/api/module/${module.id}/module`),
    get(`/api/productionunit/${module.productionUnitId}`),
    get(`/api/frontend/module/${module.id}`),
    get(`/api/productionunit/${module.productionUnitId}/OpeningHour/v2/today`),
  ]);
  if ([own, productionUnit, frontend].some((answer) => answer.statusCode !== 200)) return null;
  const hours = openingHours.statusCode === 200 ? openingHours.body : "null";
  return `{"module":${own.body},"productionUnit":${productionUnit.body},"frontend":${frontend.body},"openingHours":${hours}}`;
}

/** The block of the module's catalogue: the active menu's categories, their products and the labels. */
async function readCatalogue(
  app: FastifyInstance,
  module: PublicModule,
  headers: { authorization: string },
): Promise<string | null> {
  const get = (url: string) => app.inject({ method: "GET", url, headers });

  const [menus, labels] = await Promise.all([
    get(`/api/menu?instanceId=${module.menuInstanceId}`),
    get(`/api/label?instanceId=${module.productInstanceId}`),
  ]);
  const active = menus.statusCode === 200 ? menus.json<MenuAnswer>().find((menu) => menu.active) : undefined;
  if (!active || labels.statusCode !== 200) return null;
  const categories = await get(`/api/category/menu/${active.id}?instanceId=${module.menuInstanceId}`);
  if (categories.statusCode !== 200) return null;
  const ids = [...new Set(categories.json<CategoriesAnswer>().flatMap((c) => c.products.map((p) => p.productId)))];
  if (ids.length > CONTEXT_LIMIT) return null;
  const context = await app.inject({
    method: "POST",
    url: `/api/context?instanceId=${module.productInstanceId}`,
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify(ids),
  });
  if (context.statusCode !== 200) return null;
  return `{"menuInstanceId":${module.menuInstanceId},"productInstanceId":${module.productInstanceId},"menus":${menus.body},"categories":${categories.body},"labels":${labels.body},"context":${context.body}}`;
}

/**
 * The block of the production unit's sold-out lists, as the menu page reads them on arrival. Fresh as the
 * page: blocked_product and blocked_choice changes move the change feed, which builds the page anew.
 */
async function readStock(
  app: FastifyInstance,
  module: PublicModule,
  headers: { authorization: string },
): Promise<string | null> {
  const get = (url: string) => app.inject({ method: "GET", url, headers });
  const [products, choices] = await Promise.all([
    get(`/api/blockedProduct?productionUnitId=${module.productionUnitId}`),
    get(`/api/blockedChoice?productionUnitId=${module.productionUnitId}`),
  ]);
  if (products.statusCode !== 200 || choices.statusCode !== 200) return null;
  return `{"productionUnitId":${module.productionUnitId},"blockedProducts":${products.body},"blockedChoices":${choices.body}}`;
}

/**
 * A `<script type="application/json">` data block: never run, so the CSP's script-src does not apply. Only
 * `<` can end the element early (`</script>`, `<!--`); it becomes `\u003c`, which JSON reads as the same
 * text. An answer without `<` is embedded byte for byte.
 */
export function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replaceAll("<", "\\u003c")}</script>`;
}

import {
  Category,
  Context,
  ContextBody,
  ContextQuery,
  contextProductIds,
  ErrorBody,
  Label,
  Menu,
  MenuIdParams,
  MenuInstanceQuery,
  Product,
  ProductIdParams,
  ProductInstanceQuery,
} from "@app/contracts";
import { z } from "zod";
import type { Api, RouteModule } from "../../deps";
import { CATALOGUE_CACHE, NotModified, versionEtag } from "../../plugins/answer-cache";
import { type CatalogueDeps, menuVersion, productVersion } from "./get-catalogue-version";
import { getContext } from "./get-context";
import { getProduct } from "./get-product";
import { listCategories } from "./list-categories";
import { listLabels } from "./list-labels";
import { listMenus } from "./list-menus";
import { resolveContextInstance } from "./resolve-context-instance";

const tags = ["Menu/product"];

const cached = { 304: NotModified };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Every catalogue answer is kept in memory as bytes (plugins/answer-cache.ts) and public for a minute. */
const config = { cache: CATALOGUE_CACHE };

export const catalogueRoutes: RouteModule = (api, deps) => {
  const catalogue: CatalogueDeps = { db: deps.db, now: deps.now };
  listMenusRoute(api, catalogue);
  listCategoriesRoute(api, catalogue);
  getProductRoute(api, catalogue);
  listLabelsRoute(api, catalogue);
  getContextRoute(api, catalogue);
};

function listMenusRoute(api: Api, deps: CatalogueDeps) {
  const { db } = deps;
  api.get(
    "/menu",
    {
      config,
      schema: {
        tags,
        summary: "The menus of a menu instance (the module's menuInstanceId)",
        description: "Cacheable for 60 s; sends a weak ETag and answers 304 to a matching If-None-Match.",
        querystring: MenuInstanceQuery,
        response: { 200: z.array(Menu), ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const { instanceId } = request.query;
      const { version } = await menuVersion(deps, instanceId, request.productionUnitId);
      const answer = await listMenus(db, instanceId);
      // Only on an answer: an error must carry no ETag.
      reply.header("etag", versionEtag("menu", instanceId, version));
      return answer;
    },
  );
}

function listCategoriesRoute(api: Api, deps: CatalogueDeps) {
  const { db } = deps;
  api.get(
    "/category/menu/:menuId",
    {
      config,
      schema: {
        tags,
        summary: "A menu's categories in display order, with their products (the module's menuInstanceId)",
        description: "Cacheable for 60 s; sends a weak ETag and answers 304 to a matching If-None-Match.",
        params: MenuIdParams,
        querystring: MenuInstanceQuery,
        response: { 200: z.array(Category), ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const { instanceId } = request.query;
      const { version } = await menuVersion(deps, instanceId, request.productionUnitId);
      const answer = await listCategories(db, request.params.menuId, instanceId);
      // Only on an answer: an error must carry no ETag.
      reply.header("etag", versionEtag("category", instanceId, version));
      return answer;
    },
  );
}

function getProductRoute(api: Api, deps: CatalogueDeps) {
  const { db } = deps;
  api.get(
    "/product/:id",
    {
      config,
      schema: {
        tags,
        summary: "One product with today's price and its option groups (the module's productInstanceId)",
        description:
          "Prices are DKK; `price` applies today's weekday sale in the restaurant's time zone. Cacheable for 60 s; " +
          "sends a weak ETag and answers 304 to a matching If-None-Match.",
        params: ProductIdParams,
        querystring: ProductInstanceQuery,
        response: { 200: Product, ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const { instanceId } = request.query;
      const { version, isoWeekday, weekdayEndsMs } = await productVersion(deps, instanceId, request.productionUnitId);
      reply.cacheUntilMs = weekdayEndsMs;
      const answer = await getProduct(db, request.params.id, instanceId, isoWeekday);
      // Only on an answer: an error must carry no ETag.
      reply.header("etag", versionEtag("product", instanceId, version, isoWeekday));
      return answer;
    },
  );
}

function listLabelsRoute(api: Api, deps: CatalogueDeps) {
  const { db } = deps;
  api.get(
    "/label",
    {
      config,
      schema: {
        tags,
        summary: "The product labels of a product instance (the module's productInstanceId)",
        description: "Cacheable for 60 s; sends a weak ETag and answers 304 to a matching If-None-Match.",
        querystring: ProductInstanceQuery,
        response: { 200: z.array(Label), ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const { instanceId } = request.query;
      const { version } = await productVersion(deps, instanceId, request.productionUnitId);
      const answer = await listLabels(db, instanceId);
      // Only on an answer: an error must carry no ETag.
      reply.header("etag", versionEtag("label", instanceId, version));
      return answer;
    },
  );
}

function getContextRoute(api: Api, deps: CatalogueDeps) {
  const { db } = deps;
  api.post(
    "/context",
    {
      config,
      schema: {
        tags,
        summary: "Products by id with every option group and choice they use",
        description:
          'Body: a bare array `[1, 2]` (SPEC §7) or `{ "productIds": [1, 2] }` (1–200 ids, duplicates ignored). ' +
          "The product instance is `?instanceId=` when given (another production unit's: 404), else the token's " +
          "production unit's: the instance of its modules that holds the asked products. Products come back in the " +
          "order asked. Any id that is not a product of the instance makes the whole call a 404 whose message lists " +
          "the missing ids.",
        querystring: ContextQuery,
        body: ContextBody,
        response: { 200: Context, ...errors },
      },
    },
    async (request, reply) => {
      const ids = contextProductIds(request.body);
      const instanceId = request.query.instanceId ?? (await resolveContextInstance(db, request.productionUnitId, ids));
      const { isoWeekday, weekdayEndsMs } = await productVersion(deps, instanceId, request.productionUnitId);
      reply.cacheUntilMs = weekdayEndsMs;
      return getContext(db, ids, instanceId, isoWeekday);
    },
  );
}

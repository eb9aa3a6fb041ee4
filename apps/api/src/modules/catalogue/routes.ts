import {
  Category,
  Context,
  ContextBody,
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
import type { RouteModule } from "../../deps";
import { CATALOGUE_CACHE, NotModified, sendCached } from "./http-cache";
import { getContext, getProduct, listCategories, listLabels, listMenus } from "./service";

const tags = ["Menu/product"];

const cached = { 304: NotModified };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const catalogueRoutes: RouteModule = (api, deps) => {
  api.get(
    "/menu",
    {
      schema: {
        tags,
        summary: "The menus of a menu instance (the module's menuInstanceId)",
        description: "Cacheable for 60 s; sends a weak ETag and answers 304 to a matching If-None-Match.",
        querystring: MenuInstanceQuery,
        response: { 200: z.array(Menu), ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const menus = await listMenus(deps, request.query.instanceId, request.productionUnitId);
      return sendCached(request, reply, menus, CATALOGUE_CACHE);
    },
  );

  api.get(
    "/category/menu/:menuId",
    {
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
      const categories = await listCategories(
        deps,
        request.params.menuId,
        request.query.instanceId,
        request.productionUnitId,
      );
      return sendCached(request, reply, categories, CATALOGUE_CACHE);
    },
  );

  api.get(
    "/product/:id",
    {
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
      const product = await getProduct(deps, request.params.id, request.query.instanceId, request.productionUnitId);
      return sendCached(request, reply, product, CATALOGUE_CACHE);
    },
  );

  api.get(
    "/label",
    {
      schema: {
        tags,
        summary: "The product labels of a product instance (the module's productInstanceId)",
        description: "Cacheable for 60 s; sends a weak ETag and answers 304 to a matching If-None-Match.",
        querystring: ProductInstanceQuery,
        response: { 200: z.array(Label), ...cached, ...errors },
      },
    },
    async (request, reply) => {
      const labels = await listLabels(deps, request.query.instanceId, request.productionUnitId);
      return sendCached(request, reply, labels, CATALOGUE_CACHE);
    },
  );

  api.post(
    "/context",
    {
      schema: {
        tags,
        summary: "Products by id with every option group and choice they use (the module's productInstanceId)",
        description:
          'Body `{ "productIds": [1, 2] }` or a bare array `[1, 2]` (1–200 ids, duplicates ignored). Products come ' +
          "back in the order asked. Any id that is not a product of the instance makes the whole call a 404 whose " +
          "message lists the missing ids.",
        querystring: ProductInstanceQuery,
        body: ContextBody,
        response: { 200: Context, ...errors },
      },
    },
    async (request) =>
      getContext(deps, contextProductIds(request.body), request.query.instanceId, request.productionUnitId),
  );
};

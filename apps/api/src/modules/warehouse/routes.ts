import { BlockedChoice, BlockedProduct, ErrorBody, ProductionUnitQuery } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { NotModified, sendCached, WAREHOUSE_CACHE } from "../../shared/http-cache";
import { requireOwnProductionUnit } from "../tenancy";
import { findBlockedChoices, findBlockedProducts } from "./repository";

const tags = ["Warehouse"];
const description =
  "Stock changes at any time: `cache-control: no-cache` with a weak ETag, so a client revalidates cheaply (304).";
const responses = { 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const warehouseRoutes: RouteModule = (api, { db }) => {
  api.get(
    "/blockedProduct",
    {
      schema: {
        tags,
        summary: "Products sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedProduct), ...responses },
      },
    },
    async (request, reply) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      return sendCached(request, reply, await findBlockedProducts(db, unit.id), WAREHOUSE_CACHE);
    },
  );

  api.get(
    "/blockedChoice",
    {
      schema: {
        tags,
        summary: "Choices (options) sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedChoice), ...responses },
      },
    },
    async (request, reply) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      return sendCached(request, reply, await findBlockedChoices(db, unit.id), WAREHOUSE_CACHE);
    },
  );
};

import { BlockedChoice, BlockedProduct, ErrorBody, ProductionUnitQuery } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { NotModified, REVALIDATE } from "../../plugins/answer-cache";
import { requireOwnProductionUnit } from "../tenancy";
import { findBlockedChoices, findBlockedProducts } from "./repository";

const tags = ["Warehouse"];
const description =
  "Stock changes at any time: `cache-control: no-cache` with a weak ETag, so a client revalidates cheaply (304).";
const responses = { 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Read on every menu visit: kept in memory (plugins/answer-cache.ts), named by a hash of the answer. */
const config = { cache: REVALIDATE };

export const warehouseRoutes: RouteModule = (api, { db }) => {
  api.get(
    "/blockedProduct",
    {
      config,
      schema: {
        tags,
        summary: "Products sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedProduct), ...responses },
      },
    },
    async (request) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      return findBlockedProducts(db, unit.id);
    },
  );

  api.get(
    "/blockedChoice",
    {
      config,
      schema: {
        tags,
        summary: "Choices (options) sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedChoice), ...responses },
      },
    },
    async (request) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      return findBlockedChoices(db, unit.id);
    },
  );
};

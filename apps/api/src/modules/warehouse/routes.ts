import { BlockedChoice, BlockedProduct, ErrorBody, ProductionUnitQuery } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { NotModified, REVALIDATE } from "../../plugins/answer-cache";
import { requireOwnProductionUnit } from "../tenancy";
import { soldOutAt } from "./sold-out";

const tags = ["Warehouse"];
const description =
  "Stock changes at any time: `cache-control: no-cache` with a weak ETag, so a client revalidates cheaply (304).";
const responses = { 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * Read on every menu visit: kept in memory (plugins/answer-cache.ts), named by a hash of the answer, until the
 * change feed moves or the earliest `until` among the rows comes (an item sold out until 14:00 is back at 14:00
 * with nothing written).
 */
const config = { cache: REVALIDATE };

export const warehouseRoutes: RouteModule = (api, { db, now }) => {
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
    async (request, reply) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      const { ids, changesAt } = await soldOutAt(db, unit.id, "product", now());
      reply.cacheUntilMs = changesAt?.getTime();
      return ids.map((productId) => ({ productId }));
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
    async (request, reply) => {
      const unit = await requireOwnProductionUnit(db, request.query.productionUnitId, request.productionUnitId);
      const { ids, changesAt } = await soldOutAt(db, unit.id, "choice", now());
      reply.cacheUntilMs = changesAt?.getTime();
      return ids.map((choiceId) => ({ choiceId }));
    },
  );
};

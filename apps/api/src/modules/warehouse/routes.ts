import { BlockedChoice, BlockedProduct, ErrorBody, ProductionUnitQuery } from "@app/contracts";
import { z } from "zod";
import type { RouteModule } from "../../deps";
import { ChangeBoundCache } from "../../shared/change-bound-cache";
import { NotModified, sendCached, WAREHOUSE_CACHE } from "../../shared/http-cache";
import { requireOwnProductionUnit } from "../tenancy";
import { findBlockedChoices, findBlockedProducts } from "./repository";

const tags = ["Warehouse"];
const description =
  "Stock changes at any time: `cache-control: no-cache` with a weak ETag, so a client revalidates cheaply (304).";
const responses = { 304: NotModified, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export const warehouseRoutes: RouteModule = (api, { db, changes }) => {
  // Read on every menu visit: kept in memory until the database notifies a change of blocked items (or units).
  const blockedLists = new ChangeBoundCache<{ productId: number }[] | { choiceId: number }[]>(changes);
  const ownBlocked = <T extends { productId: number }[] | { choiceId: number }[]>(
    kind: string,
    askedUnitId: number,
    tokenUnitId: number,
    find: (unitId: number) => Promise<T>,
  ) =>
    blockedLists.get(`${kind} ${askedUnitId} ${tokenUnitId}`, async () => {
      const unit = await requireOwnProductionUnit(db, askedUnitId, tokenUnitId);
      return find(unit.id);
    }) as Promise<T>;

  api.get(
    "/blockedProduct",
    {
      config: { replay: true },
      schema: {
        tags,
        summary: "Products sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedProduct), ...responses },
      },
    },
    async (request, reply) => {
      const { productionUnitId } = request.query;
      const list = await ownBlocked("product", productionUnitId, request.productionUnitId, (unitId) =>
        findBlockedProducts(db, unitId),
      );
      return sendCached(request, reply, list, WAREHOUSE_CACHE);
    },
  );

  api.get(
    "/blockedChoice",
    {
      config: { replay: true },
      schema: {
        tags,
        summary: "Choices (options) sold out at the production unit (the token's own unit; any other is 404)",
        description,
        querystring: ProductionUnitQuery,
        response: { 200: z.array(BlockedChoice), ...responses },
      },
    },
    async (request, reply) => {
      const { productionUnitId } = request.query;
      const list = await ownBlocked("choice", productionUnitId, request.productionUnitId, (unitId) =>
        findBlockedChoices(db, unitId),
      );
      return sendCached(request, reply, list, WAREHOUSE_CACHE);
    },
  );
};

import {
  Availability,
  CatalogueItems,
  ErrorBody,
  LanguageCode,
  PauseRequest,
  RestaurantParams,
  SoldOutParams,
  SoldOutRequest,
} from "@app/contracts";
import { z } from "zod";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, EVERY_ROLE, requireRestaurant, signedInStaff } from "../staff";
import { changePause, markSoldOut, restoreSoldOut } from "./change-availability";
import { listCatalogueItems, readAvailability } from "./read-availability";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const LanguageQuery = z.object({ language: LanguageCode.default("da-DK").describe("The language of the names") });

/**
 * Sold out and pause, two taps from the queue (issue 44), for every role of the restaurant. Times are computed
 * on the restaurant's clock (its time zone) and come back by themselves: a sold-out item whose `until` has
 * passed, and a pause whose end has passed, are over without anything being written.
 */
export const warehouseAdminRoutes: RouteModule = (admin, deps) => {
  readRoutes(admin, deps);
  soldOutRoutes(admin, deps);
  pauseRoute(admin, deps);
};

function readRoutes(admin: Api, { db, now }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/availability",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "What is sold out now, and whether online ordering is paused or busy (every role)",
        params: RestaurantParams,
        querystring: LanguageQuery,
        response: { 200: Availability, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, EVERY_ROLE);
      return readAvailability(db, request.params.restaurantId, now(), request.query.language);
    },
  );
  admin.get(
    "/restaurants/:restaurantId/catalogue-items",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's products and choices by name, to pick what is sold out (every role)",
        params: RestaurantParams,
        querystring: LanguageQuery,
        response: { 200: CatalogueItems, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, EVERY_ROLE);
      return listCatalogueItems(db, request.params.restaurantId, request.query.language);
    },
  );
}

function soldOutRoutes(admin: Api, deps: Deps) {
  admin.post(
    "/restaurants/:restaurantId/sold-out",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Sell out a product or a choice until the end of today, a time today, or until restored",
        description:
          "Times are the restaurant's local time. A time that is not later than now today is 422 " +
          "SoldOut.TimePassed (field until.time): it is not moved to tomorrow. An id outside the restaurant's " +
          "catalogue is 404. Selling out what is already sold out replaces its end.",
        params: RestaurantParams,
        body: SoldOutRequest,
        response: { 200: Availability, ...errors, 422: ErrorBody },
      },
    },
    async (request) =>
      markSoldOut(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, request.body),
  );
  admin.delete(
    "/restaurants/:restaurantId/sold-out/:target/:id",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Restore a sold-out product or choice now (target: product or choice)",
        params: SoldOutParams,
        response: { 200: Availability, ...errors },
      },
    },
    async (request) => restoreSoldOut(requestDeps(deps, request), signedInStaff(request), request.params),
  );
}

function pauseRoute(admin: Api, deps: Deps) {
  admin.post(
    "/restaurants/:restaurantId/pause",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Pause online orders (15/30/60 minutes, or the rest of today), set busy mode (+N minutes), or resume",
        description:
          "While paused, order validation and the start of a payment are 422 Payment.RestaurantOffline; a payment " +
          "started before the pause still becomes its order. Busy mode moves the earliest pickup time N minutes " +
          "later until the end of the restaurant's day. Both end by themselves.",
        params: RestaurantParams,
        body: PauseRequest,
        response: { 200: Availability, ...errors },
      },
    },
    async (request) =>
      changePause(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, request.body),
  );
}

import {
  Checkout,
  CheckoutParams,
  CreateCheckoutQuery,
  ErrorBody,
  InstanceSetting,
  InstanceSettingParams,
  LinkBasketQuery,
  NoBody,
} from "@app/contracts";
import type { Api, Deps, RouteModule } from "../../deps";
import { loadOwnCheckout } from "./checkout-access";
import { createCheckout } from "./create-checkout";
import { getInstanceSetting } from "./get-instance-setting";
import { linkBasket } from "./link-basket";
import { readCheckoutJson } from "./read-checkout-json";

const tags = ["Checkout"];

const notOpenNote = "Only an OPEN checkout can change: otherwise 409 CHECKOUT_NOT_OPEN.";

/** What the checkout routes' use cases need of the app's deps. */
type CheckoutDeps = Pick<Deps, "db" | "now">;

export const checkoutRoutes: RouteModule = (api, { db, now, config }) => {
  const deps = { db, now };

  createCheckoutRoute(api, deps, config.creationsPerMinute);
  getCheckoutRoute(api, deps);
  linkBasketRoute(api, deps);
  getInstanceSettingRoute(api, deps);
};

function createCheckoutRoute(api: Api, deps: CheckoutDeps, perMinute: number) {
  api.post(
    "/checkout",
    {
      // Every call makes a row: a client address and a token each get CREATIONS_PER_MINUTE a minute.
      config: { clientLimit: { name: "checkout-creation", perMinute, by: ["address", "token"] } },
      schema: {
        tags,
        summary: "Create an OPEN checkout for a module (instanceId = the module's checkoutInstanceId)",
        description:
          "No body (or an empty JSON object). The id is a random UUID; keep it to continue the checkout. A module " +
          "that is inactive or not visible takes no orders: 422 MODULE_UNAVAILABLE. At most " +
          `${perMinute} new checkouts a minute per client address and per token: then 429 TOO_MANY_REQUESTS with ` +
          "Retry-After.",
        querystring: CreateCheckoutQuery,
        body: NoBody,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return createCheckout(deps, request.productionUnitId, request.query);
    },
  );
}

function getCheckoutRoute(api: Api, deps: CheckoutDeps) {
  const { db } = deps;
  api.get(
    "/checkout/:id",
    {
      schema: {
        tags,
        summary: "Get a checkout with its current totals",
        description:
          "For an OPEN checkout the applied discount is recomputed against the current basket (left out while it " +
          "no longer applies) and gift cards are capped at what is left to pay; reading changes nothing.",
        params: CheckoutParams,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const checkout = await loadOwnCheckout(db, request.params.id, request.productionUnitId);
      const answer = await readCheckoutJson(db, checkout);
      return answer;
    },
  );
}

function linkBasketRoute(api: Api, deps: CheckoutDeps) {
  api.post(
    "/checkout/:id/basket",
    {
      schema: {
        tags,
        summary: "Link a basket to the checkout (replaces a basket linked before)",
        description:
          "The basket must be of the token's unit (404), not expired (410 BASKET_EXPIRED), never ordered (409 " +
          "BASKET_ORDERED when a checkout holding it is DONE or has its order: a basket is paid for once) and not " +
          "linked to another checkout that is OPEN, PENDING or FINALIZING (409 BASKET_IN_USE). A checkout that ended " +
          `in ERROR without an order releases its basket. ${notOpenNote}`,
        params: CheckoutParams,
        querystring: LinkBasketQuery,
        body: NoBody,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => linkBasket(deps, request.productionUnitId, request.params.id, request.query.basketId),
  );
}

function getInstanceSettingRoute(api: Api, deps: CheckoutDeps) {
  const { db } = deps;
  api.get(
    "/instancesetting/:instanceId",
    {
      schema: {
        tags,
        summary: "Settings of a checkout instance (the module's checkoutInstanceId)",
        params: InstanceSettingParams,
        response: { 200: InstanceSetting, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getInstanceSetting(db, request.productionUnitId, request.params.instanceId),
  );
}

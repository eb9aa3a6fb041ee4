import {
  AddBasketItem,
  Basket,
  BasketItemParams,
  BasketParams,
  BasketQuery,
  ErrorBody,
  UpdateBasketItem,
} from "@app/contracts";
import { MAX_BASKET_LINES } from "@app/domain";
import type { Api, Deps, RouteModule } from "../../deps";
import { addBasketItem } from "./add-basket-item";
import { createBasket } from "./create-basket";
import { getBasket } from "./get-basket";
import { removeBasketItem } from "./remove-basket-item";
import { updateBasketItem } from "./update-basket-item";

const tags = ["Basket"];

const pricingNote =
  "The server prices the line from the catalogue (weekday sale price, option rules of SPEC §5); prices sent by the " +
  "client are ignored and the answer carries the server's. Refused: a product of another restaurant (404), a blocked " +
  "product or choice (409 PRODUCT_BLOCKED / CHOICE_BLOCKED), a product priced 0 (422 PRODUCT_NOT_FOR_SALE), options " +
  "that break the product's rules (422 TOO_MANY_CHOICES, TOO_FEW_CHOICES, UNKNOWN_MODIFIER, UNKNOWN_CHOICE, " +
  "DUPLICATE_CHOICE), an expired basket (410 BASKET_EXPIRED). A basket belongs to a production unit, not a module; " +
  "a product is sold through the unit's module whose catalogue holds it, and one sold only through modules that " +
  "are inactive or hidden is refused (422 MODULE_UNAVAILABLE).";

const heldNote =
  "A basket already ordered (its checkout is DONE or has its order) cannot change: 409 BASKET_ORDERED. While its " +
  "checkout is being paid for it cannot change either: 409 BASKET_LOCKED (cancel the payment to change it).";

/** What adding or changing a line can answer. */
const lineChange = {
  200: Basket,
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
  422: ErrorBody,
};

/** What the basket's use cases need of the app's deps. */
type BasketDeps = Pick<Deps, "db" | "now">;

export const basketRoutes: RouteModule = (api, { db, now, config }) => {
  const deps = { db, now };
  createBasketRoute(api, deps, config.creationsPerMinute);
  getBasketRoute(api, deps);
  addBasketItemRoute(api, deps);
  updateBasketItemRoute(api, deps);
  removeBasketItemRoute(api, deps);
};

function createBasketRoute(api: Api, deps: BasketDeps, perMinute: number) {
  api.get(
    "/basket",
    {
      // Every call makes a row: a client address and a token each get CREATIONS_PER_MINUTE a minute.
      config: { clientLimit: { name: "basket-creation", perMinute, by: ["address", "token"] } },
      schema: {
        tags,
        summary: "Create a new, empty basket for the token's production unit",
        description:
          "Answers 200 with the new basket (not 201, so clients treat every basket answer alike). Keep its id: " +
          "the basket expires 120 minutes after createdTimeUtc; one that never gets a line is deleted a few hours " +
          `later. At most ${perMinute} new baskets a minute per client address and per token: then 429 ` +
          "TOO_MANY_REQUESTS with Retry-After (GET /basket/{id} is not counted).",
        querystring: BasketQuery,
        response: { 200: Basket, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return createBasket(deps, request.productionUnitId, request.query.language);
    },
  );
}

function getBasketRoute(api: Api, deps: BasketDeps) {
  api.get(
    "/basket/:id",
    {
      schema: {
        tags,
        summary: "Get a basket",
        description:
          "404 for an unknown basket or one of another production unit; 410 BASKET_EXPIRED after 120 minutes.",
        params: BasketParams,
        querystring: BasketQuery,
        response: { 200: Basket, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const basket = await getBasket(deps, {
        basketId: request.params.id,
        productionUnitId: request.productionUnitId,
        language: request.query.language,
      });
      return basket;
    },
  );
}

function addBasketItemRoute(api: Api, deps: BasketDeps) {
  api.post(
    "/basket/:id/products",
    {
      schema: {
        tags,
        summary: "Add a product to the basket; answers the whole basket",
        description:
          `${pricingNote} The same product with the same choices is merged into its existing line (amounts summed; ` +
          `above 99 → 422 AMOUNT_TOO_LARGE). A basket holds at most ${MAX_BASKET_LINES} lines besides the bag fee: ` +
          "a product or choice combination that would make another line is 422 TOO_MANY_LINES (adding to an existing " +
          "line still works). The bag-fee product (app setting bagFeeItem) is kept once with amount 1 and " +
          `editingIsDisabled; adding it again changes nothing. ${heldNote}`,
        params: BasketParams,
        querystring: BasketQuery,
        body: AddBasketItem,
        response: lineChange,
      },
    },
    async (request) =>
      addBasketItem(deps, {
        basketId: request.params.id,
        productionUnitId: request.productionUnitId,
        item: request.body,
        language: request.query.language,
      }),
  );
}

function updateBasketItemRoute(api: Api, deps: BasketDeps) {
  api.put(
    "/basket/:id/products/:itemId",
    {
      schema: {
        tags,
        summary: "Change a line's amount and choices (the full item); answers the whole basket",
        description:
          `${pricingNote} The line is re-priced and never merged with another line. productId must stay the line's ` +
          "(422 PRODUCT_MISMATCH); a line with editingIsDisabled (bag fee) cannot be changed (409 EDITING_DISABLED). " +
          `404 for an unknown itemId in this basket. ${heldNote}`,
        params: BasketItemParams,
        querystring: BasketQuery,
        body: UpdateBasketItem,
        response: lineChange,
      },
    },
    async (request) =>
      updateBasketItem(deps, {
        basketId: request.params.id,
        itemId: request.params.itemId,
        productionUnitId: request.productionUnitId,
        item: request.body,
        language: request.query.language,
      }),
  );
}

function removeBasketItemRoute(api: Api, deps: BasketDeps) {
  api.delete(
    "/basket/:id/products/:itemId",
    {
      schema: {
        tags,
        summary: "Remove a line from the basket; answers the whole basket",
        description: `404 for an unknown basket or itemId; 410 BASKET_EXPIRED after 120 minutes. ${heldNote}`,
        params: BasketItemParams,
        querystring: BasketQuery,
        response: { 200: Basket, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) =>
      removeBasketItem(deps, {
        basketId: request.params.id,
        itemId: request.params.itemId,
        productionUnitId: request.productionUnitId,
        language: request.query.language,
      }),
  );
}

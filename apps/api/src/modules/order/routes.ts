import {
  Checkout,
  ErrorBody,
  FinalizeParams,
  NoBody,
  Order,
  OrderParams,
  OrderQuery,
  OrderValidation,
  ValidateOrderBody,
  ValidateOrderQuery,
} from "@app/contracts";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { notFound } from "../../errors";
import { loadOwnCheckout, readCheckoutJson } from "../checkout";
import { readGuestKitchenStatus } from "../kitchen";
import { finalizeCheckout } from "./finalize-checkout";
import { findLineNames, findOrderDetails, findOrderOfUnit } from "./repository";
import { toOrderJson } from "./to-order-json";
import { validateOrder } from "./validate-order";

const tags = ["Order"];

export const orderRoutes: RouteModule = (api, deps) => {
  validateOrderRoute(api, deps);
  finalizeCheckoutRoute(api, deps);
  getOrderRoute(api, deps);
};

function validateOrderRoute(api: Api, deps: Deps) {
  api.post(
    "/order/validate",
    {
      schema: {
        tags,
        summary: "Check with the restaurant that the order can be placed now (before paying)",
        description:
          "422 Payment.RestaurantOffline when the restaurant is closed now or at the chosen time, 409 SLOT_FULL when the " +
          "chosen pickup slot no longer fits the basket, 422 BASKET_EMPTY when the basket is empty.",
        querystring: ValidateOrderQuery,
        body: ValidateOrderBody,
        response: {
          200: OrderValidation,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) =>
      validateOrder(deps, {
        checkoutId: request.query.checkoutId,
        productionUnitId: request.productionUnitId,
        bodyProductionUnitId: request.body?.productionUnitId,
      }),
  );
}

function finalizeCheckoutRoute(api: Api, deps: Deps) {
  const { db } = deps;
  api.post(
    "/checkout/:id/finalize",
    {
      schema: {
        tags,
        summary: "Turn the paid checkout into its order (idempotent: always the same one order)",
        description:
          "The server already does this by itself as soon as the payment settles (provider approval, pay at pickup, gift " +
          "cards paying everything; after a crash the payment sweeper does it), so the order page may just poll GET " +
          "/checkout/{id}; calling it is still safe. Needs an authorized online payment, an UNPAID (pay at pickup) payment or " +
          "gift cards paying everything (else 409 PAYMENT_NOT_AUTHORIZED / PAYMENT_REQUIRED). The kitchen units and " +
          "discount uses the payment held since it started (POST /checkout/{id}/payment) become the order's, never taken " +
          "twice; only a payment started before holds existed takes them here (409 SLOT_FULL, 409 Discount.Invalid). The " +
          "payments must equal the total (409 PAYMENT_MISMATCH) and the chosen time must not have passed (409 " +
          "PICKUP_TIME_PASSED); these are permanent: the checkout becomes ERROR 3, the payment and the holds are given back " +
          "(later calls: 409 CHECKOUT_FAILED). " +
          "Answers the checkout (state DONE 2, orderId). Calling it again answers the same order.",
        params: FinalizeParams,
        body: NoBody,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      await finalizeCheckout(requestDeps(deps, request), {
        checkoutId: request.params.id,
        productionUnitId: request.productionUnitId,
      });
      return readCheckoutJson(db, await loadOwnCheckout(db, request.params.id, request.productionUnitId));
    },
  );
}

function getOrderRoute(api: Api, deps: Deps) {
  const { db } = deps;
  api.get(
    "/order/:id",
    {
      schema: {
        tags,
        summary: "An order with its lines, discounts, payments and receipt number, and the kitchen's progress",
        description:
          "`kitchenStatus` (new, accepted, ready, picked-up, rejected), `readyTime` and `rejectReason` are read " +
          "anew on every call (the confirmation page polls them every 2 s while the order is not finished).",
        params: OrderParams,
        querystring: OrderQuery,
        response: { 200: Order, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const order = await findOrderOfUnit(db, request.params.id, request.productionUnitId);
      if (!order) throw notFound("Order");
      const [details, kitchen] = await Promise.all([findOrderDetails(db, order), readGuestKitchenStatus(db, order)]);
      const { language } = request.query;
      const namesIn = language ? { language, names: await findLineNames(db, details.lines) } : null;
      return toOrderJson(details, kitchen, namesIn);
    },
  );
}

import { AdminOrderParams, ErrorBody, OrderRefunds, RefundCreated, RefundRequest } from "@app/contracts";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, signedInStaff } from "../staff";
import { createRefund } from "./create-refund";
import { readRefunds } from "./read-refunds";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Refunds from an order's page (issue 45), for managers and owners of the order's restaurant: staff get 403, and
 * outside the account's reach the order is 404, as if it did not exist.
 */
export const refundAdminRoutes: RouteModule = (admin, deps) => {
  listRoute(admin, deps);
  createRoute(admin, deps);
};

function listRoute(admin: Api, deps: Deps) {
  admin.get(
    "/orders/:orderId/refunds",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "An order's refunds, what was paid, refunded so far and can still be refunded (managers, owners)",
        params: AdminOrderParams,
        response: { 200: OrderRefunds, ...errors },
      },
    },
    async (request) => readRefunds(deps, signedInStaff(request), request.params.orderId),
  );
}

function createRoute(admin: Api, deps: Deps) {
  admin.post(
    "/orders/:orderId/refunds",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Refund the whole order, chosen lines or an amount, with a reason (managers, owners)",
        description:
          "Card and MobilePay parts go back through the provider (the refund outbox), gift-card parts back onto the " +
          "cards; the guest is told. A line gives back its total less its share of the order's discount. 422 " +
          "Refund.NothingPaid (paid at pickup), Refund.NothingLeft (all refunded), Refund.TooMuch (more than can " +
          "still be refunded; field amount or lines), Refund.LineNotFound, Refund.LineAmountTooHigh, Refund.LineFree " +
          "(field lines.<i>.…). Refunds of one order are decided one at a time: never more than was paid.",
        params: AdminOrderParams,
        body: RefundRequest,
        response: { 201: RefundCreated, ...errors, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const created = await createRefund(
        requestDeps(deps, request),
        signedInStaff(request),
        request.params.orderId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );
}

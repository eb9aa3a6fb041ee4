import {
  AcceptRequest,
  AdminOrder,
  AdminOrderParams,
  ErrorBody,
  KitchenConflict,
  KitchenStepRequest,
  OrderQueue,
  OrderQueueQuery,
  ReadyTimeRequest,
  RejectRequest,
  RestaurantParams,
} from "@app/contracts";
import type { FastifyRequest } from "fastify";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, EVERY_ROLE, requireRestaurant, type SignedInStaff, signedInStaff } from "../staff";
import { answer } from "./answer-change";
import { changeKitchenStatus, type KitchenCommand } from "./change-kitchen-status";
import { getAdminOrder, openOrder } from "./open-order";
import { readOrderQueue } from "./read-order-queue";
import { recallRoute } from "./recall-route";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * The restaurant's live orders (issue 44), for staff and up of the restaurant: the queue, one order, opening it
 * (stops the alert), and the kitchen status changes. Outside the account's reach an order is 404, as if it did
 * not exist; a change another screen made first is 409 with the order as it now is.
 */
export const kitchenRoutes: RouteModule = (admin, deps) => {
  queueRoute(admin, deps);
  orderRoute(admin, deps);
  openRoute(admin, deps);
  statusRoutes(admin, deps);
  recallRoute(admin, deps);
};

function queueRoute(admin: Api, { db, now }: Deps) {
  admin.get(
    "/restaurants/:restaurantId/orders",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The restaurant's order queue: active orders (new, accepted, ready) or today's finished ones",
        description:
          "view=active: every new, accepted and ready order whatever day it was placed, by ready time. " +
          "view=finished: picked up and rejected today (the restaurant's time zone), newest first. q: a receipt " +
          "number, or part of the guest's name. lastEventId: stream GET /api/admin/events after it to miss nothing.",
        params: RestaurantParams,
        querystring: OrderQueueQuery,
        response: { 200: OrderQueue, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, EVERY_ROLE);
      return readOrderQueue(db, request.params.restaurantId, request.query, now());
    },
  );
}

function orderRoute(admin: Api, deps: Deps) {
  admin.get(
    "/orders/:orderId",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "One order with its kitchen status, lines, payments and what to collect at pickup",
        params: AdminOrderParams,
        response: { 200: AdminOrder, ...errors },
      },
    },
    async (request) => getAdminOrder(deps, signedInStaff(request), request.params.orderId),
  );
}

function openRoute(admin: Api, deps: Deps) {
  admin.post(
    "/orders/:orderId/open",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Open the order on a screen: the first opening stops the new-order alert on every screen",
        description: "Records the first opening only (event order.opened); opening again changes nothing.",
        params: AdminOrderParams,
        response: { 200: AdminOrder, ...errors },
      },
    },
    async (request) => openOrder(deps, signedInStaff(request), request.params.orderId),
  );
}

function statusRoutes(admin: Api, deps: Deps) {
  const responses = { 200: AdminOrder, ...errors, 409: KitchenConflict };
  /** The use case, as the request's staff member, with the request's logger. */
  const change = (
    request: FastifyRequest & { staff: SignedInStaff | null; params: { orderId: string } },
    command: KitchenCommand,
  ) => changeKitchenStatus(requestDeps(deps, request), signedInStaff(request), request.params.orderId, command);

  admin.post(
    "/orders/:orderId/accept",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Accept a new order, ready at the guest's time or at readyTime",
        description:
          "400 Kitchen.ReadyTimePassed (more than 2 minutes ago) or Kitchen.ReadyTimeTooLate (over 4 hours after " +
          "the guest's time); a later time than the guest's tells the guest. 409 KITCHEN_STATUS_CHANGED.",
        params: AdminOrderParams,
        body: AcceptRequest,
        response: responses,
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await change(request, { action: "accept", readyTime: request.body?.readyTime, version: request.body?.version }),
      ),
  );
  admin.post(
    "/orders/:orderId/time",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Move an accepted order's ready time (the guest is told)",
        description: "The same checks as accept's readyTime. 409 KITCHEN_STATUS_CHANGED unless the order is accepted.",
        params: AdminOrderParams,
        body: ReadyTimeRequest,
        response: responses,
      },
    },
    async (request, reply) => answer(reply, await change(request, { action: "time", ...request.body })),
  );
  for (const action of ["ready", "picked-up"] as const) {
    admin.post(
      `/orders/:orderId/${action}`,
      {
        schema: {
          tags: ADMIN_TAGS,
          summary:
            action === "ready"
              ? "Mark an accepted order ready for pickup (the guest is told)"
              : "Mark a ready order picked up",
          params: AdminOrderParams,
          body: KitchenStepRequest,
          response: responses,
        },
      },
      async (request, reply) => answer(reply, await change(request, { action, version: request.body?.version })),
    );
  }
  admin.post(
    "/orders/:orderId/reject",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Reject a new or accepted order: all money back, the kitchen capacity freed, the guest told",
        description:
          "Online payments are refunded through the refund outbox, gift-card amounts go back onto the cards, an " +
          "unpaid pay-at-pickup payment is cancelled. reason other needs a text (400 Kitchen.RejectTextRequired).",
        params: AdminOrderParams,
        body: RejectRequest,
        response: responses,
      },
    },
    async (request, reply) => answer(reply, await change(request, { action: "reject", ...request.body })),
  );
}

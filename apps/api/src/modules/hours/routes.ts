import {
  EditConflict,
  ErrorBody,
  RestaurantHours,
  RestaurantOrdering,
  RestaurantParams,
  UpdateRestaurantHoursRequest,
  UpdateRestaurantOrderingRequest,
} from "@app/contracts";
import type { FastifyReply } from "fastify";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { ADMIN_TAGS, MANAGERS, requireRestaurant, signedInStaff } from "../staff";
import { readHours } from "./read-hours";
import { readOrdering } from "./read-ordering";
import { StaleSection } from "./section-edit";
import { updateHours } from "./update-hours";
import { updateOrdering } from "./update-ordering";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const saveErrors = { ...errors, 409: EditConflict, 422: ErrorBody };

const SAVE_DESCRIPTION =
  "Owners and managers. The section sent replaces the current one whole. `version` is the one the editor " +
  "read; when someone saved since, 409 EditConflict names who and when, and nothing is written. Refused fields " +
  "are 422 with each field's path (e.g. weekly.3.closes) and a code. The storefront's slots follow at once, in " +
  "every API process.";

/**
 * Hours and ordering times of a restaurant (issue 45 point 4), in the restaurant's time zone: opening and
 * delivery hours (several ranges a day, past midnight), special hours, closed dates; pickup and delivery slots,
 * lead times, days ahead, delivery zones and the kitchen's capacity per slot.
 */
export const hoursAdminRoutes: RouteModule = (admin, deps) => {
  hoursRoutes(admin, deps);
  orderingRoutes(admin, deps);
};

function hoursRoutes(admin: Api, deps: Deps) {
  admin.get(
    "/restaurants/:restaurantId/hours",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Opening and delivery hours, special hours and closed dates (owners, managers)",
        params: RestaurantParams,
        response: { 200: RestaurantHours, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      return readHours(deps.db, request.params.restaurantId);
    },
  );
  admin.put(
    "/restaurants/:restaurantId/hours",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Replace the opening and delivery hours, special hours and closed dates",
        description: SAVE_DESCRIPTION,
        params: RestaurantParams,
        body: UpdateRestaurantHoursRequest,
        response: { 200: RestaurantHours, ...saveErrors },
      },
    },
    async (request, reply) =>
      answerSave(reply, () =>
        updateHours(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, request.body),
      ),
  );
}

function orderingRoutes(admin: Api, deps: Deps) {
  admin.get(
    "/restaurants/:restaurantId/ordering",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "Pickup and delivery slots, lead times, days ahead, delivery zones, kitchen capacity (owners, managers)",
        params: RestaurantParams,
        response: { 200: RestaurantOrdering, ...errors },
      },
    },
    async (request) => {
      requireRestaurant(signedInStaff(request), request.params.restaurantId, MANAGERS);
      return readOrdering(deps.db, request.params.restaurantId);
    },
  );
  admin.put(
    "/restaurants/:restaurantId/ordering",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "Replace the slots, lead times, days ahead, delivery zones and kitchen capacity",
        description: `${SAVE_DESCRIPTION} A delivery section for a restaurant without delivery is 422 DELIVERY_NOT_SET_UP.`,
        params: RestaurantParams,
        body: UpdateRestaurantOrderingRequest,
        response: { 200: RestaurantOrdering, ...saveErrors },
      },
    },
    async (request, reply) =>
      answerSave(reply, () =>
        updateOrdering(requestDeps(deps, request), signedInStaff(request), request.params.restaurantId, request.body),
      ),
  );
}

/** A stale save is answered 409 with the EditConflict body (not the `{ errors }` of AppError). */
async function answerSave<T>(reply: FastifyReply, save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (error instanceof StaleSection) return reply.status(409).send(error.answer);
    throw error;
  }
}

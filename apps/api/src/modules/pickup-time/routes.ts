import {
  AvailableOrderTimeBody,
  AvailableOrderTimeDayParams,
  AvailableOrderTimeParams,
  ErrorBody,
  PickupTimeSlots,
} from "@app/contracts";
import type { RouteModule } from "../../deps";
import { getCheckoutSlots, getDaySlots } from "./get-available-slots";

const tags = ["Checkout"];

const slotRules =
  "Slots start at the day's opening time and follow every orderTimeInterval minutes (checkout instance) up to " +
  "closing; slots before now + preparationMinutes are left out; a closed day answers []. A slot isAvailable while " +
  "the capacity instance's itemsPerSlot still fits the items already promised plus this basket (at least 1 item), " +
  "always when the module's enforceCapacity setting is false. Dates: the restaurant's local today … today + " +
  "guestFutureOrderDates; others are 422 DATE_NOT_ALLOWED. Send a slot's `time` back as orderReadyTime in " +
  "POST /checkout/{id}/guestInformation.";

export const pickupTimeRoutes: RouteModule = (api, { db, now }) => {
  const deps = { db, now };

  api.post(
    "/availableordertime/:id",
    {
      schema: {
        tags,
        summary: "Pickup slots of a local date for a checkout's basket (id = checkout id)",
        description:
          `${slotRules} The basket's size is the larger of \`items\` (a number of units, or lines ` +
          "[{productId, amount}] whose amounts are summed) and the checkout's linked basket: a slot is available only " +
          "while the kitchen capacity still fits this basket, so sending fewer items than the basket holds never " +
          "shows a slot that the order would then find full. `items` omitted: the linked basket alone; no basket " +
          "linked: `items` alone. Only what the kitchen makes counts: gift-card products and the bag fee take no " +
          "capacity. productionUnitId and capacityInstanceId must be the token's unit's (404 otherwise).",
        params: AvailableOrderTimeParams,
        body: AvailableOrderTimeBody,
        response: { 200: PickupTimeSlots, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => getCheckoutSlots(deps, request.productionUnitId, request.params.id, request.body),
  );

  api.get(
    "/availableordertime/:capacityInstanceId/:date",
    {
      schema: {
        tags,
        summary: "Pickup slots of a local date for an empty basket (a = capacityInstanceId, b = date YYYY-MM-DD)",
        description: `${slotRules} The settings are those of the token's module that uses the capacity instance.`,
        params: AvailableOrderTimeDayParams,
        response: { 200: PickupTimeSlots, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      getDaySlots(deps, request.productionUnitId, request.params.capacityInstanceId, request.params.date),
  );
};

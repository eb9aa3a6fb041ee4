import {
  Checkout,
  CheckoutParams,
  DeliveryAddressQuery,
  DeliveryDateBody,
  DeliveryDates,
  DeliveryTimeBody,
  ErrorBody,
  NoBody,
  PickupTimeSlots,
} from "@app/contracts";
import type { Api, Deps, RouteModule } from "../../deps";
import { getDeliveryDates } from "./get-delivery-dates";
import { getDeliveryTimes } from "./get-delivery-times";
import { removeDelivery } from "./remove-delivery";
import { setDeliveryAddress } from "./set-delivery-address";
import { setDeliveryDate } from "./set-delivery-date";
import { setDeliveryTime } from "./set-delivery-time";

const tags = ["Checkout"];

const common =
  "Delivery needs the module's deliveryEnabled setting (else 422 DELIVERY_DISABLED). Changes need an OPEN checkout " +
  "(else 409 CHECKOUT_NOT_OPEN).";

/** What the delivery routes' use cases need of the app's deps. */
type DeliveryDeps = Pick<Deps, "db" | "now">;

/** What a change of the delivery can answer. */
const mutation = { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export const deliveryRoutes: RouteModule = (api, { db, now }) => {
  const deps = { db, now };
  setDeliveryAddressRoute(api, deps);
  getDeliveryDatesRoute(api, deps);
  setDeliveryDateRoute(api, deps);
  getDeliveryTimesRoute(api, deps);
  setDeliveryTimeRoute(api, deps);
  removeDeliveryRoute(api, deps);
};

function setDeliveryAddressRoute(api: Api, deps: DeliveryDeps) {
  api.post(
    "/checkout/:id/delivery/address",
    {
      schema: {
        tags,
        summary: "Deliver the checkout to an address (sets the fee of the zip code; stage ADDRESS_CHOSEN)",
        description:
          "address required (MISSING_ADDRESS 'Please enter your address'), zipcode 4 digits (INVALID_ZIPCODE 'Please " +
          "enter your zipcode'), both reported at once; a zip code outside the delivery zones is 422 " +
          "DELIVERY_NOT_POSSIBLE, a basket below the zone's minimum order 422 DELIVERY_BELOW_MINIMUM (also checked " +
          "when the payment starts). Clears a chosen date and time. moduleId must be the checkout's module. " +
          common,
        params: CheckoutParams,
        querystring: DeliveryAddressQuery,
        body: NoBody,
        response: mutation,
      },
    },
    async (request) => setDeliveryAddress(deps, request.productionUnitId, request.params.id, request.query),
  );
}

function getDeliveryDatesRoute(api: Api, deps: DeliveryDeps) {
  api.get(
    "/checkout/:id/delivery/dates",
    {
      schema: {
        tags,
        summary: "Dates the checkout can be delivered on",
        description:
          "Today … today + guestFutureOrderDates (restaurant's local dates) with delivery hours and at least one " +
          `delivery slot left after the preparation time. ${common}`,
        params: CheckoutParams,
        response: { 200: DeliveryDates, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => getDeliveryDates(deps, request.productionUnitId, request.params.id),
  );
}

function setDeliveryDateRoute(api: Api, deps: DeliveryDeps) {
  api.post(
    "/checkout/:id/delivery/date",
    {
      schema: {
        tags,
        summary: "Choose the delivery date (stage DATE_CHOSEN; clears a chosen time)",
        description: `The date must be one of /delivery/dates (else 422 DATE_NOT_ALLOWED); needs an address first. ${common}`,
        params: CheckoutParams,
        body: DeliveryDateBody,
        response: mutation,
      },
    },
    async (request) => setDeliveryDate(deps, request.productionUnitId, request.params.id, request.body.date),
  );
}

function getDeliveryTimesRoute(api: Api, deps: DeliveryDeps) {
  api.get(
    "/checkout/:id/delivery/times",
    {
      schema: {
        tags,
        summary: "Delivery slots of the chosen date (today until one is chosen) for the checkout's basket",
        description:
          "Like pickup slots, but within the delivery hours, every timeInterval minutes of the delivery instance, " +
          "from now + its preparationMinutes; isAvailable follows the kitchen capacity (the basket's kitchen items: " +
          "gift-card products and the bag fee take none). " +
          common,
        params: CheckoutParams,
        response: { 200: PickupTimeSlots, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => getDeliveryTimes(deps, request.productionUnitId, request.params.id),
  );
}

function setDeliveryTimeRoute(api: Api, deps: DeliveryDeps) {
  api.post(
    "/checkout/:id/delivery/time",
    {
      schema: {
        tags,
        summary: "Choose the delivery time: it becomes orderReadyTime (stage FINAL)",
        description:
          "deliveryTime must be a slot `time` of /delivery/times (else 422 DeliveryMethod.TimePicker), with room " +
          `for the basket (else 409 SLOT_FULL, as at finalize); needs an address first. ${common}`,
        params: CheckoutParams,
        body: DeliveryTimeBody,
        response: mutation,
      },
    },
    async (request) => setDeliveryTime(deps, request.productionUnitId, request.params.id, request.body.deliveryTime),
  );
}

function removeDeliveryRoute(api: Api, deps: DeliveryDeps) {
  api.delete(
    "/checkout/:id/delivery",
    {
      schema: {
        tags,
        summary: "Back to pickup: clears address, fee, date and time (stage INITIAL)",
        description: "Changes need an OPEN checkout (else 409 CHECKOUT_NOT_OPEN).",
        params: CheckoutParams,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => removeDelivery(deps, request.productionUnitId, request.params.id),
  );
}

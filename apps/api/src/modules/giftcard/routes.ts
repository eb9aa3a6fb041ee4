import {
  AddCheckoutGiftcard,
  Checkout,
  CheckoutGiftcardParams,
  CheckoutParams,
  ErrorBody,
  GiftcardAmount,
  GiftcardAmountParams,
  GiftcardAmountQuery,
} from "@app/contracts";
import type { Api, Deps, RouteModule } from "../../deps";
import { addCheckoutGiftcard } from "./add-checkout-giftcard";
import { getGiftcardAmount } from "./get-giftcard-amount";
import { removeCheckoutGiftcard } from "./remove-checkout-giftcard";

const GUESSING =
  "Guessing is limited: a token or client address gets 10 wrong tries (any answer but a 2xx) a minute on gift-card " +
  "codes; the next is 429 TOO_MANY_TRIES with Retry-After. Right tries and 429s cost nothing; one token is charged " +
  "to its address for at most 5.";

/** What the gift-card routes' use cases need of the app's deps. */
type GiftcardDeps = Pick<Deps, "db" | "now">;

export const giftcardRoutes: RouteModule = (api, { db, now }) => {
  const deps = { db, now };

  getGiftcardAmountRoute(api, deps);
  addCheckoutGiftcardRoute(api, deps);
  removeCheckoutGiftcardRoute(api, deps);
};

function getGiftcardAmountRoute(api: Api, deps: GiftcardDeps) {
  api.get(
    "/giftcard/:instanceId/:code/amount",
    {
      config: { guessing: { kind: "giftcard" } },
      schema: {
        tags: ["Gift card"],
        summary: "A gift card's balance (instanceId = the module's giftcardInstanceId)",
        description:
          "Answers the balance as a bare JSON number in DKK, e.g. `500` or `89.5` (SPEC §7: the response is the " +
          "amount). Codes match case-insensitively. Unknown or expired: 422 Giftcard.Generic ('We could not verify " +
          "the gift card'), an empty code too. posSettingInstanceId is accepted and ignored. " +
          GUESSING,
        params: GiftcardAmountParams,
        querystring: GiftcardAmountQuery,
        response: {
          200: GiftcardAmount,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getGiftcardAmount(deps, request.productionUnitId, request.params.instanceId, request.params.code);
    },
  );
}

function addCheckoutGiftcardRoute(api: Api, deps: GiftcardDeps) {
  api.post(
    "/checkout/:id/giftcard",
    {
      config: { guessing: { kind: "giftcard" } },
      schema: {
        tags: ["Checkout"],
        summary: "Pay part or all of the checkout with a gift card",
        description:
          "The amount is capped at the card's balance and at basket − discount + delivery fee (minus other applied " +
          "cards); it is re-capped when the basket shrinks, and every applied gift card is dropped when the basket " +
          "later gets a gift-card product. The balance is drawn only when paying. Refused (422): Giftcard.Generic " +
          "(unknown or expired card: 'We could not verify the gift card'; or the basket holds a gift-card product: " +
          "'Not available when ordering a giftcard…'), GIFTCARD_DISABLED (instance setting isGiftcardEnabled off), " +
          "GIFTCARD_NOTHING_TO_PAY (no balance or nothing left to pay). Changes need an OPEN checkout (409 " +
          `CHECKOUT_NOT_OPEN). ${GUESSING}`,
        params: CheckoutParams,
        body: AddCheckoutGiftcard,
        response: {
          200: Checkout,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => addCheckoutGiftcard(deps, request.productionUnitId, request.params.id, request.body),
  );
}

function removeCheckoutGiftcardRoute(api: Api, deps: GiftcardDeps) {
  api.delete(
    "/checkout/:id/giftcard/:giftcardId",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Remove an applied gift card",
        description: "Changes need an OPEN checkout (409 CHECKOUT_NOT_OPEN); an unknown giftcardId is 404.",
        params: CheckoutGiftcardParams,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      removeCheckoutGiftcard(deps, request.productionUnitId, request.params.id, request.params.giftcardId),
  );
}

import {
  AddCheckoutDiscount,
  Checkout,
  CheckoutDiscountParams,
  CheckoutParams,
  DiscountValidateBody,
  DiscountValidateQuery,
  DiscountValidation,
  ErrorBody,
} from "@app/contracts";
import type { Api, Deps, RouteModule } from "../../deps";
import { addCheckoutDiscount } from "./add-checkout-discount";
import { removeCheckoutDiscount } from "./remove-checkout-discount";
import { validateDiscount } from "./validate-discount";

const rules =
  "Codes match case-insensitively. A discount applies to the food only: gift-card products and the bag fee are " +
  "never discounted and do not count towards the code's minimum basket. Refusals are 422: Discount.Invalid " +
  "('The discount code is invalid': unknown, inactive, expired or not yet valid, usage limit reached), " +
  "Discount.NoValue (worth nothing on this basket, SPEC §5: 'The discount code is not valid for the chosen " +
  "items' when none of the basket's food is among the code's products; the food is below the code's minimum; or " +
  "the code is worth nothing here), DISCOUNT_DISABLED " +
  "(the checkout instance has discounts off). Guessing is limited: a token or client address gets 10 wrong tries " +
  "(any answer but a 2xx) a minute per kind of code; the next is 429 TOO_MANY_TRIES with Retry-After. Right tries " +
  "and 429s cost nothing; one token is charged to its address for at most 5.";

/** What the discount routes' use cases need of the app's deps. */
type DiscountDeps = Pick<Deps, "db" | "now">;

export const discountRoutes: RouteModule = (api, { db, now }) => {
  const deps = { db, now };

  validateDiscountRoute(api, deps);
  addCheckoutDiscountRoute(api, deps);
  removeCheckoutDiscountRoute(api, deps);
};

function validateDiscountRoute(api: Api, deps: DiscountDeps) {
  api.post(
    "/discount/validate",
    {
      config: { guessing: { kind: "discount" } },
      schema: {
        tags: ["Discount"],
        summary: "What a discount code takes off a basket (instanceId = the module's discountInstanceId)",
        description:
          "Send basketId (the basket's lines as it priced them, options included) or items: the basket's items " +
          "exactly as GET /basket/{id} answered them, or [{productId, amount, choices}]. Each item is priced by the " +
          "server from the catalogue as the basket prices a line: product price today plus its options (included " +
          "choices, free amounts), × amount; an item without choices is the product's price today × amount. " +
          "Client prices, names and ids (price, productPrice, totalPrice, a choice's price, name, id) are ignored. " +
          "Items with choices are checked as adding them to a basket: a product outside the module's catalogue is " +
          "404; a choice or option group the product does not have, a choice twice, too many or too few in a group " +
          "are 422 (UNKNOWN_CHOICE, UNKNOWN_MODIFIER, DUPLICATE_CHOICE, TOO_MANY_CHOICES, TOO_FEW_CHOICES; field " +
          "items.{i}.choices); a sold-out product or choice is 409 (PRODUCT_BLOCKED, CHOICE_BLOCKED). " +
          `Nothing is applied or reserved. ${rules}`,
        querystring: DiscountValidateQuery,
        body: DiscountValidateBody,
        response: {
          200: DiscountValidation,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          410: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => validateDiscount(deps, request.productionUnitId, request.query, request.body),
  );
}

function addCheckoutDiscountRoute(api: Api, deps: DiscountDeps) {
  api.post(
    "/checkout/:id/discount",
    {
      config: { guessing: { kind: "discount" } },
      schema: {
        tags: ["Checkout"],
        summary: "Apply a discount code to the checkout's basket (replaces an applied discount)",
        description:
          "The amount is recomputed whenever the checkout is read while OPEN, and the discount is dropped when the " +
          `basket no longer qualifies. ${rules} Changes need an OPEN checkout (409 CHECKOUT_NOT_OPEN).`,
        params: CheckoutParams,
        body: AddCheckoutDiscount,
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
    async (request) =>
      addCheckoutDiscount(deps, request.productionUnitId, request.params.id, request.body.discountCode),
  );
}

function removeCheckoutDiscountRoute(api: Api, deps: DiscountDeps) {
  api.delete(
    "/checkout/:id/discount/:discountId",
    {
      schema: {
        tags: ["Checkout"],
        summary: "Remove an applied discount",
        description: "Changes need an OPEN checkout (409 CHECKOUT_NOT_OPEN); an unknown discountId is 404.",
        params: CheckoutDiscountParams,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      removeCheckoutDiscount(deps, request.productionUnitId, request.params.id, request.params.discountId),
  );
}

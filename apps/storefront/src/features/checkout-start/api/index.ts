/**
 * The calls only the checkout start makes. What it needs of the other features' calls (reading the checkout,
 * removing a reused one's codes and delivery, cancelling a waiting payment) it names in StartCheckoutCalls; the
 * app hands it all of them in one object (app/routes/checkout-calls.ts).
 */
import { createCheckout } from "./create-checkout";
import { linkBasket } from "./link-basket";

export const checkoutStartApi = { createCheckout, linkBasket };

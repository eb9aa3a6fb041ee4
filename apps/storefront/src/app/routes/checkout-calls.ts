import { checkoutApi } from "../../features/checkout";
import { checkoutStartApi } from "../../features/checkout-start";
import { codesApi } from "../../features/codes";
import { fulfilmentApi } from "../../features/fulfilment";
import { paymentApi } from "../../features/payment";

/**
 * Every call of the /checkout page in one object: the checkout start's and the checkout's own, and those of its pickup time, codes and
 * payment (starting a checkout removes a reused one's codes and delivery; placing the order brings the codes in
 * line and starts the payment). The form and its sections each take what they need of it; a test hands in fakes.
 */
export const checkoutPageCalls = { ...checkoutStartApi, ...checkoutApi, ...fulfilmentApi, ...codesApi, ...paymentApi };

export type CheckoutPageCalls = typeof checkoutPageCalls;

export { checkoutStartApi } from "./api";
export { rememberCheckoutId, storedCheckoutId } from "./checkout-id-storage";
export { useCheckoutStart } from "./hooks/use-checkout-start";
export { CheckoutAlreadyPaid } from "./start-checkout";

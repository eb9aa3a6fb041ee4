export { type CheckoutApi, checkoutApi } from "./api";
export { rememberCheckoutId, storedCheckoutId } from "./checkout-session-storage";
export { CheckoutForm, type CheckoutFormProps } from "./components/checkout-form";
export { useCheckoutStart } from "./hooks/use-checkout-start";
export { CheckoutAlreadyPaid } from "./start-checkout";

export { type CheckoutApi, checkoutApi } from "./api";
export { CheckoutForm, type CheckoutFormProps } from "./components/checkout-form";

export { useCheckoutSessionStore } from "./hooks/use-checkout-session-store";

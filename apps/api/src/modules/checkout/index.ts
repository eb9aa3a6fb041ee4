/** What other features (payment, order) use of the checkout. */
export { changeOpenCheckout, loadOwnCheckout, requireOpen } from "./checkout-access";
export {
  type CheckoutRow,
  type CheckoutTotals,
  computeCheckoutTotals,
  refreshCheckoutAdjustments,
} from "./checkout-totals";
export { findCheckoutGiftcards } from "./repository";
export { toCheckoutJson } from "./to-checkout-json";

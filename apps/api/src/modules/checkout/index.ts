/** What other features (pickup-time, delivery, discount, giftcard, guest-information, payment, order) use of the checkout. */
export { changeOpenCheckout, loadOwnCheckout, requireOpen } from "./checkout-access";
export {
  type CheckoutTotals,
  checkoutBasket,
  checkoutLines,
  computeCheckoutTotals,
  computeCheckoutTotalsReading,
  refreshCheckoutAdjustments,
  type StoredDiscountRule,
  toDiscountRule,
} from "./checkout-totals";
export {
  type CheckoutChanges,
  type CheckoutRow,
  findAppliedDiscounts,
  findCheckoutGiftcards,
  findCheckoutInstance,
  findGiftcardAmounts,
  findTimeZone,
  updateCheckout,
} from "./repository";
export { toCheckoutJson } from "./to-checkout-json";

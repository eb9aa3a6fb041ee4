/** What other features (pickup-time, delivery, discount, giftcard, guest-information, payment, order) use of the checkout. */
export { changeOpenCheckout, loadOwnCheckout, requireOpen } from "./checkout-access";
export { type CheckoutTimes, readCheckoutTimes, saveCheckoutTimes } from "./checkout-times";
export {
  type CheckoutTotals,
  checkoutBasket,
  checkoutLines,
  readCheckoutMoney,
  readCheckoutTotals,
  type StoredDiscountRule,
  settleCheckoutMoney,
  toDiscountRule,
} from "./checkout-totals";
export { createCheckoutInstance } from "./create-checkout-instance";
export { readCheckoutJson } from "./read-checkout-json";
export {
  type CheckoutChanges,
  type CheckoutRow,
  deleteCheckoutDiscount,
  deleteCheckoutGiftcard,
  deleteUnorderedCheckouts,
  findAppliedDiscounts,
  findCheckoutGiftcards,
  findCheckoutInstance,
  findTimeZone,
  replaceCheckoutDiscount,
  replaceCheckoutGiftcard,
  setCheckoutState,
  touchCheckout,
  updateCheckout,
} from "./repository";

export { type CheckoutApi, checkoutApi } from "./api";
export { addDiscount } from "./api/add-discount";
export { addGiftcard, type GiftcardToAdd } from "./api/add-giftcard";
export { addPayment, type PaymentRequest } from "./api/add-payment";
export { cancelPayment } from "./api/cancel-payment";
export { type CreateCheckoutArgs, createCheckout } from "./api/create-checkout";
export { finalizeCheckout } from "./api/finalize-checkout";
export { getAvailableOrderTimes } from "./api/get-available-order-times";
export { getCheckout } from "./api/get-checkout";
export { getDeliveryDates } from "./api/get-delivery-dates";
export { getDeliveryTimes } from "./api/get-delivery-times";
export { getGiftcardAmount } from "./api/get-giftcard-amount";
export { getInstanceSettings } from "./api/get-instance-settings";
export { getOrder } from "./api/get-order";
export { getPayment } from "./api/get-payment";
export { linkBasket } from "./api/link-basket";
export { removeDelivery } from "./api/remove-delivery";
export { removeDiscount } from "./api/remove-discount";
export { removeGiftcard } from "./api/remove-giftcard";
export { saveGuestInformation } from "./api/save-guest-information";
export { type DeliveryAddress, setDeliveryAddress } from "./api/set-delivery-address";
export { setDeliveryDate } from "./api/set-delivery-date";
export { setDeliveryTime } from "./api/set-delivery-time";
export { type ValidateDiscountArgs, validateDiscount } from "./api/validate-discount";
export { validateOrder } from "./api/validate-order";
export {
  CheckoutPageProvider,
  type CheckoutPageValue,
  type CheckoutShop,
  useCheckoutPage,
} from "./checkout-page-context";
export {
  availableSlots,
  type BagFeeChange,
  bagFeeChange,
  type CheckoutCleanup,
  checkoutCleanup,
  commentCharactersLeft,
  type DiscountMessageKey,
  discountMessageKey,
  type GiftcardCapTotals,
  type GuestFieldErrors,
  type GuestFieldName,
  giftcardAmountToApply,
  giftcardCap,
  guestFieldErrors,
  type InputErrorKey,
  isRestaurantOffline,
  joinMissing,
  type ListSeparators,
  type MissingFieldKey,
  type MissingFieldsSettings,
  missingFields,
  ORDER_COMMENT_MAX,
  orderDates,
  type PaymentMethodSettings,
  paymentMethodsOffered,
  shouldReuseCheckout,
  slotTimeText,
  todayIn,
} from "./checkout-rules";
export {
  type CheckoutSession,
  type CheckoutSessionAction,
  checkoutSessionReducer,
  type DeliveryDraft,
  EMPTY_DELIVERY,
  EMPTY_GUEST_INFORMATION,
  type GuestInformationDraft,
  initialCheckoutSession,
  type SessionDiscount,
  type SessionGiftcard,
} from "./checkout-session";
export {
  CHECKOUT_SESSION_KEY,
  loadCheckoutSession,
  rememberCheckoutId,
  type SessionStorage,
  saveCheckoutSession,
  storedCheckoutId,
} from "./checkout-session-storage";
export { type CheckoutSessionStore, createCheckoutSessionStore } from "./checkout-session-store";
export { BringOwnBag } from "./components/bring-own-bag";
export type { CheckoutFormProps } from "./components/checkout-form";
export { CheckoutTotals } from "./components/checkout-totals";
export { DiscountField } from "./components/discount-field";
export { GiftcardField } from "./components/giftcard-field";
export { GuestInfoSection } from "./components/guest-info-section";
export { LazyCheckoutForm, preloadCheckoutForm } from "./components/lazy-checkout-form";
export { OrderCommentSection } from "./components/order-comment-section";
export { PaymentMethodChoice, type PaymentMethodChoiceProps } from "./components/payment-method-choice";
export { PickupTimeSection } from "./components/pickup-time-section";
export { TermsCheckbox, type TermsCheckboxProps } from "./components/terms-checkbox";
export { useBagFeeRule } from "./hooks/use-bag-fee-rule";
export { useCheckoutSession } from "./hooks/use-checkout-session";
export { useCheckoutStart } from "./hooks/use-checkout-start";
export { type PlaceOrderOutcome, placeOrder, type Refusal } from "./place-order";
export { CheckoutAlreadyPaid, startCheckout } from "./start-checkout";

/**
 * Every checkout call as one object, so the checkout page's components take it from their context and a
 * test hands them a fake instead of a server.
 */
import { addDiscount } from "./add-discount";
import { addGiftcard } from "./add-giftcard";
import { addPayment } from "./add-payment";
import { cancelPayment } from "./cancel-payment";
import { createCheckout } from "./create-checkout";
import { finalizeCheckout } from "./finalize-checkout";
import { getAvailableOrderTimes } from "./get-available-order-times";
import { getCheckout } from "./get-checkout";
import { getDeliveryDates } from "./get-delivery-dates";
import { getDeliveryTimes } from "./get-delivery-times";
import { getGiftcardAmount } from "./get-giftcard-amount";
import { getInstanceSettings } from "./get-instance-settings";
import { getOrder } from "./get-order";
import { getPayment } from "./get-payment";
import { linkBasket } from "./link-basket";
import { removeDelivery } from "./remove-delivery";
import { removeDiscount } from "./remove-discount";
import { removeGiftcard } from "./remove-giftcard";
import { saveGuestInformation } from "./save-guest-information";
import { setDeliveryAddress } from "./set-delivery-address";
import { setDeliveryDate } from "./set-delivery-date";
import { setDeliveryTime } from "./set-delivery-time";
import { validateDiscount } from "./validate-discount";
import { validateOrder } from "./validate-order";

export const checkoutApi = {
  addDiscount,
  addGiftcard,
  addPayment,
  cancelPayment,
  createCheckout,
  finalizeCheckout,
  getAvailableOrderTimes,
  getCheckout,
  getDeliveryDates,
  getDeliveryTimes,
  getGiftcardAmount,
  getInstanceSettings,
  getOrder,
  getPayment,
  linkBasket,
  removeDelivery,
  removeDiscount,
  removeGiftcard,
  saveGuestInformation,
  setDeliveryAddress,
  setDeliveryDate,
  setDeliveryTime,
  validateDiscount,
  validateOrder,
};

export type CheckoutApi = typeof checkoutApi;

/** The pickup and delivery calls as one object: the section takes it as a prop, a test hands it a fake. */
import { getAvailableOrderTimes } from "./get-available-order-times";
import { getDeliveryDates } from "./get-delivery-dates";
import { getDeliveryTimes } from "./get-delivery-times";
import { getOneItemSlots } from "./get-one-item-slots";
import { removeDelivery } from "./remove-delivery";
import { setDeliveryAddress } from "./set-delivery-address";
import { setDeliveryDate } from "./set-delivery-date";
import { setDeliveryTime } from "./set-delivery-time";

export const fulfilmentApi = {
  getAvailableOrderTimes,
  getDeliveryDates,
  getDeliveryTimes,
  getOneItemSlots,
  removeDelivery,
  setDeliveryAddress,
  setDeliveryDate,
  setDeliveryTime,
};

export type FulfilmentApi = typeof fulfilmentApi;

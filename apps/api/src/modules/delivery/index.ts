/** What other features (guest-information, payment, order) use of the delivery feature. */
export { checkReadyTime, readyTimeStatus } from "./check-ready-time";
export { createDeliveryInstance } from "./create-delivery-instance";
export { refuseBelowDeliveryMinimum } from "./delivery-minimum";
export { findDeliveryInstance, readDeliveryZones, saveDeliverySetup } from "./repository";

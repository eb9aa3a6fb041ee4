export { fulfilmentApi } from "./api";
export { invalidateSlots } from "./api/queries";
export { PickupTimeSection } from "./components/pickup-time-section";
export { FulfilmentPageProvider } from "./fulfilment-page";

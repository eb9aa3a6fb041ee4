export { fulfilmentApi } from "./api";
export { invalidateSlots } from "./api/query-keys";
export { PickupTimeSection } from "./components/pickup-time-section";
export { FulfilmentPageProvider } from "./fulfilment-page";

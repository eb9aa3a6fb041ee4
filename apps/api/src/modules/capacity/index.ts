/** What other features (pickup-time, order) use of the kitchen capacity. */
export { findItemsPerSlot, releaseCapacity, tryConsumeCapacity, usedBySlot } from "./repository";
export { slotFull } from "./slot-full";

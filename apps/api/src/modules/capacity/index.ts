/** What other features (pickup-time, order) use of the kitchen capacity. */

export { createCapacityInstance, DEFAULT_ITEMS_PER_SLOT } from "./create-capacity-instance";
export {
  findItemsPerSlot,
  findSlotCapacity,
  findSlotLimit,
  readCapacityRules,
  readItemsPerSlot,
  releaseCapacity,
  saveSlotCapacity,
  tryConsumeCapacity,
  usedBySlot,
} from "./repository";
export { slotFull } from "./slot-full";

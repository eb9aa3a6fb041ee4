/** What other features use of the pickup-time feature. */
export { allowedDates, type DaySlotsInput, daySlots, findSlot, requireAllowedDate, type SlotStatus } from "./day-slots";
export { pickupSlotInput } from "./pickup-slot-input";

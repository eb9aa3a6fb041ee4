/** Sold out and pause (issue 44): what the staff screens use of it. */
export { AVAILABILITY_EVENTS, availabilityKey } from "./api";
export { AvailabilityBanner } from "./availability-banner";
export { AvailabilityButton } from "./availability-dialog";

/** What other features use of the restaurant's event log: writing an event in their transaction, reading the last id. */
export { appendRestaurantEvent } from "./append-event";
export { findLastSeqs, findScreenLastSeen, RESTAURANT_EVENT_CHANNEL } from "./repository";

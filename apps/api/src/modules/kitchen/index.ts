/** What other features use of the kitchen: opening a placed order's kitchen status (order's finalize). */

/** The guest's view of their order's kitchen status (order's GET /order/{id}). */
export { type GuestKitchenStatus, readGuestKitchenStatus } from "./guest-status";
export { openKitchenOrder, type PlacedOrder } from "./open-kitchen-order";

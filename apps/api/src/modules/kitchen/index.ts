/**
 * What other features and the app use of the kitchen: opening a placed order's kitchen status (order's
 * finalize), and the order's progress the guest's messages tell (the receipt sender, wired by app.ts).
 */

/**
 * The auto-reject sweep (app.ts runs it while listening). `onAutoRejected` is where the escalation feature alerts
 * the managers of each order rejected automatically.
 */
export {
  AUTO_REJECT_ACTOR,
  type AutoRejectDeps,
  type AutoRejectedOrder,
  autoRejectUnacceptedOrders,
  startAutoRejectLoop,
} from "./auto-reject";

/** The guest's view of their order's kitchen status (order's GET /order/{id}). */
export { type GuestKitchenStatus, readGuestKitchenStatus } from "./guest-status";
export { openKitchenOrder, type PlacedOrder } from "./open-kitchen-order";
export { readOrderProgress } from "./read-order-progress";

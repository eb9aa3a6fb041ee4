/**
 * What other features and the app use of the kitchen: opening a placed order's kitchen status (order's
 * finalize), and the order's progress the guest's messages tell (the receipt sender, wired by app.ts).
 */
export { openKitchenOrder, type PlacedOrder } from "./open-kitchen-order";
export { readOrderProgress } from "./read-order-progress";

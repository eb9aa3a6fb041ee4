/** What other features use of the kitchen: opening a placed order's kitchen status (order's finalize). */
export { openKitchenOrder, type PlacedOrder } from "./open-kitchen-order";
/** Orders nobody has opened or decided on yet (the escalation sweep). */
export { findUnseenOrders, type UnseenOrder } from "./unseen-orders";

/** What other features use of the order feature. */
export { findOrder, findOrderDetails, type OrderDetails } from "./repository";

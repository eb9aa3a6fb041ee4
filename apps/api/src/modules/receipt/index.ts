/** What other features (order) use of the receipt feature: queueing a receipt to send. */
export { insertReceiptMessages } from "./repository";

/** What other features use of the order feature. */
export { findOrder, findOrderDetails, type OrderDetails } from "./repository";
export { FIRST_RECEIPT_NUMBER, startReceiptSequence } from "./start-receipt-sequence";

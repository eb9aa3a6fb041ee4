/** What other features use of the order feature. */
export {
  findOrder,
  findOrderDetails,
  findOrderDiscountCodeIds,
  findOrderLines,
  findOrderOfCheckout,
  findOrdersWithLines,
  lockOrder,
  type OrderDetails,
  type OrderLineRow,
  type OrderRow,
  type OrderSearch,
  type OrdersWithLines,
} from "./repository";
export { FIRST_RECEIPT_NUMBER, startReceiptSequence } from "./start-receipt-sequence";

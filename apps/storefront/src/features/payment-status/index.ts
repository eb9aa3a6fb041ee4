export { OrderConfirmation, type OrderConfirmationProps } from "./components/order-confirmation";
export { OrderProcessing, type OrderProcessingProps } from "./components/order-processing";
export { PaymentStatusPanel, type PaymentStatusPanelProps } from "./components/payment-status-panel";
export {
  CONFIRMED_ORDER_KEY,
  type ConfirmedOrder,
  confirmedOrderOf,
  forgetConfirmedOrder,
  orderNumberOf,
  readConfirmedOrder,
  receiptNoteOf,
  saveConfirmedOrder,
} from "./confirmation-storage";
export { type OrderFinalizingApi, OrderNotPlacedError } from "./hooks/use-order-finalizing";
export type { PaymentStatusApi } from "./hooks/use-payment-status";
export {
  AUTHORIZED_REDIRECT_MS,
  finalizedStep,
  firstOrderStep,
  POLL_INTERVAL_MS,
  paymentView,
  pollStep,
} from "./payment-status-rules";
export { type PendingPayment, pendingPayment, registerPendingPayment } from "./pending-payment";

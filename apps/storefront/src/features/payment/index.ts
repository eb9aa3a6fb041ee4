export { paymentApi } from "./api";
export { OrderConfirmation } from "./components/order-confirmation";
export { OrderProcessing } from "./components/order-processing";
export { OrderProgress } from "./components/order-progress";
export { PaymentStatusPanel } from "./components/payment-status-panel";
export {
  CONFIRMED_ORDER_KEY,
  type ConfirmedOrder,
  forgetConfirmedOrder,
  readConfirmedOrder,
} from "./confirmation-storage";
export type { OrderFinalizingApi } from "./hooks/use-order-finalizing";
export { useOrderProgress } from "./hooks/use-order-progress";
export type { PaymentStatusApi } from "./hooks/use-payment-status";
export { pendingPayment } from "./pending-payment";

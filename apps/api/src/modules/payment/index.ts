/** What other features (order, receipt) use of the payment feature. */
export { keepHolds } from "./attempt-holds";
/** Where a module's online payments go and whether money moves there (the storefront says so before paying). */
export { type ChosenProvider, chooseProvider } from "./choose-provider";
export { createPaymentInstance } from "./create-payment-instance";
export { type GiftcardRow, issueGiftcard, setGiftcardActive } from "./giftcard-ledger";
/** Refunds staff make from an order's page (the refund feature decides them under the order's lock). */
export {
  findOrderRefundParts,
  type GivenBack,
  giveRefundPartsBack,
  type OrderPaymentView,
  readOrderPayments,
  takeOverProviderRefund,
} from "./order-refund-parts";
export type { ProviderRefund, TakenOverRefund } from "./providers/provider";
export { leftOfHoldingPayments, type OrderRefundRef, type RefundedOrder, refundOrderPayments } from "./refund-order";
export { afterRelease, releaseAttempt } from "./release-attempt";
export { deleteOldWebhookEvents, findLatestAttemptPayments, findLivePayments, type PaymentRow } from "./repository";
export { SETTLED_GRACE_MS, settlePayments } from "./settle-payments";

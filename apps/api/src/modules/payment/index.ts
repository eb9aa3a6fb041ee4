/** What other features (order, receipt) use of the payment feature. */
export { keepHolds } from "./attempt-holds";
export { createPaymentInstance } from "./create-payment-instance";
export { type GiftcardRow, issueGiftcard, setGiftcardActive } from "./giftcard-ledger";
export { type RefundedOrder, refundOrderPayments } from "./refund-order";
export { afterRelease, releaseAttempt } from "./release-attempt";
export { findLatestAttemptPayments, findLivePayments, type PaymentRow } from "./repository";
export { SETTLED_GRACE_MS, settlePayments } from "./settle-payments";

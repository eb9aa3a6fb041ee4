/** What other features (order, receipt) use of the payment feature. */
export { keepHolds } from "./attempt-holds";
export { createPaymentInstance } from "./create-payment-instance";
export { afterRelease, releaseAttempt } from "./release-attempt";
export { findLivePayments } from "./repository";
export { SETTLED_GRACE_MS, settlePayments } from "./settle-payments";

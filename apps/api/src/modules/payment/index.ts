/** What other features (order, receipt) use of the payment feature. */
export { LIVE_STATES } from "./payment-states";
export { afterRelease, releaseAttempt } from "./release-attempt";
export { findLivePayments } from "./repository";

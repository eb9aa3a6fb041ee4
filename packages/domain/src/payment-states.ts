/**
 * What the payment states of SPEC §4 mean for the money, in one place. A payment is
 * - waiting: CREATED 1, the guest is still on the provider's hosted page (only ONLINE payments wait);
 * - holding: AUTHORIZED 128 and above except REFUNDED, it pays its part of the order (an UNPAID
 *   pay-at-pickup payment is created AUTHORIZED: nothing is left to wait for, the restaurant takes
 *   the money at the counter);
 * - ended: CANCELLED 2, FAILED 64 or REFUNDED 250, it no longer counts.
 * At most one attempt of a checkout is live (waiting or holding) at any time.
 */
import { PaymentState } from "./totals";

export const HOLDING_STATES: number[] = [
  PaymentState.AUTHORIZED,
  PaymentState.PARTIALLYCAPTURED,
  PaymentState.CAPTURED,
];

/** Waiting or holding: the payment still counts for its checkout. */
export const LIVE_STATES: number[] = [PaymentState.CREATED, ...HOLDING_STATES];

export const isHolding = (state: number): boolean => HOLDING_STATES.includes(state);

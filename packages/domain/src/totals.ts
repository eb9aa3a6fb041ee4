/**
 * Order states and totals (SPEC §3, §4, §9). The numeric values are the wire values, so they are
 * plain `as const` objects rather than TypeScript enums.
 */

export const PaymentType = { ONLINE: 0, GIFTCARD: 1, UNPAID: 2 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

export const PaymentState = {
  CREATED: 1,
  CANCELLED: 2,
  FAILED: 64,
  AUTHORIZED: 128,
  REFUNDED: 250,
  PARTIALLYCAPTURED: 254,
  CAPTURED: 255,
} as const;
export type PaymentState = (typeof PaymentState)[keyof typeof PaymentState];

export const CheckoutState = { OPEN: 0, PENDING: 1, DONE: 2, ERROR: 3, FINALIZING: 4 } as const;
export type CheckoutState = (typeof CheckoutState)[keyof typeof CheckoutState];

export const DeliveryStage = { INITIAL: 0, ADDRESS_CHOSEN: 1, DATE_CHOSEN: 2, FINAL: 3 } as const;
export type DeliveryStage = (typeof DeliveryStage)[keyof typeof DeliveryStage];

export const ModuleType = {
  CLICKANDCOLLECT: 0,
  TAKEAWAY: 1,
  ORDERATTABLE: 2,
  OPERATIONS: 3,
  KIOSK: 4,
  LANDINGPAGE: 5,
  FASTTRACK: 6,
  ROOMSERVICE: 7,
  EVENT: 10,
} as const;
export type ModuleType = (typeof ModuleType)[keyof typeof ModuleType];

/** SPEC §4: any state above FAILED counts as authorized (AUTHORIZED, REFUNDED, …CAPTURED). */
export function isAuthorizedState(state: number): boolean {
  return state > PaymentState.FAILED;
}

export type OrderTotalInput = { basketTotalMinor: number; discountMinor: number; deliveryFeeMinor: number };

/** Basket minus discount plus delivery fee; a discount never takes the basket below 0 nor eats the fee. */
export function orderTotal({ basketTotalMinor, discountMinor, deliveryFeeMinor }: OrderTotalInput): number {
  return Math.max(0, basketTotalMinor - discountMinor) + deliveryFeeMinor;
}

export type PaymentAmount = { amountMinor: number; type: number; state?: number };

/**
 * What is still to pay: order total minus the paid amounts, never below 0. UNPAID (pay at pickup)
 * entries pay nothing yet. A payment that carries a state pays only while it holds the money:
 * authorized or captured, not before (created) and not after it was given back (refunded). One
 * without a state (e.g. a gift card amount on the checkout) counts as paid.
 */
export function totalLeft(orderTotalMinor: number, payments: PaymentAmount[]): number {
  const paid = payments.filter(isPaid).reduce((total, payment) => total + payment.amountMinor, 0);
  return Math.max(0, orderTotalMinor - paid);
}

function isPaid(payment: PaymentAmount): boolean {
  if (payment.type === PaymentType.UNPAID) return false;
  if (payment.state === undefined) return true;
  return isAuthorizedState(payment.state) && payment.state !== PaymentState.REFUNDED;
}

/**
 * SPEC §5: gift cards together pay at most the order total (basket − discount + delivery fee).
 * In the order given, each pays what it asks for (never below 0; the caller caps it at the card's
 * balance), at most what the cards before it left. Answers each card's amount in the same order.
 */
export function capGiftcardAmounts(orderTotalMinor: number, wantedMinor: number[]): number[] {
  let leftMinor = Math.max(0, orderTotalMinor);
  return wantedMinor.map((wanted) => {
    const paidMinor = Math.max(0, Math.min(wanted, leftMinor));
    leftMinor -= paidMinor;
    return paidMinor;
  });
}

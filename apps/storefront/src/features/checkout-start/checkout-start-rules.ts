/** Pure rules of the checkout start (SPEC §4): whether the stored checkout is reused, and what it must lose first. */
import type { Checkout } from "@app/contracts";
import { CheckoutState } from "@app/domain";

/**
 * SPEC §4: the previous checkout is reused when it is not done, has no order, no payment and only the
 * current basket. "Not done" is read as OPEN: the API changes only an OPEN checkout (409 CHECKOUT_NOT_OPEN),
 * and reusing means removing its discounts, gift cards and delivery first.
 */
export function shouldReuseCheckout(checkout: Checkout, basketId: string): boolean {
  return (
    checkout.state === CheckoutState.OPEN &&
    checkout.orderId === null &&
    checkout.payment === null &&
    checkout.checkoutBaskets.length === 1 &&
    checkout.checkoutBaskets[0]?.externalBasketId === basketId
  );
}

export type CheckoutCleanup = { discountIds: string[]; giftcardIds: string[]; removeDelivery: boolean };

/** What must be removed from a reused checkout before the guest starts again (SPEC §4). */
export function checkoutCleanup(checkout: Checkout): CheckoutCleanup {
  return {
    discountIds: checkout.discounts.map((discount) => discount.id),
    giftcardIds: checkout.giftcards.map((giftcard) => giftcard.id),
    removeDelivery: checkout.delivery !== null,
  };
}

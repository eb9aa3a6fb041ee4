/**
 * SPEC §4 "Checkout start": the previous checkout is reused when it is not done, has no order, no payment
 * and only the current basket; its discounts, gift cards and delivery are removed first (the guest's session
 * puts back what they still want). Otherwise a new checkout is created, the basket linked and its id saved.
 */
import type { Checkout } from "@app/contracts";
import { CheckoutState } from "@app/domain";
import { errorCodeOf, errorStatusOf } from "../../lib/api-client";
import type { checkoutStartApi } from "./api";
import { checkoutCleanup, shouldReuseCheckout } from "./checkout-start-rules";

/** Calls of the checkout, codes, fulfilment and payment features the start makes; their api/ files implement them. */
export type StartCheckoutCalls = typeof checkoutStartApi & {
  getCheckout(checkoutId: string): Promise<Checkout>;
  removeDiscount(checkoutId: string, discountId: string): Promise<Checkout>;
  removeGiftcard(checkoutId: string, giftcardId: string): Promise<Checkout>;
  removeDelivery(checkoutId: string): Promise<Checkout>;
  cancelPayment(paymentId: string): Promise<unknown>;
};

export type StartCheckoutDeps = {
  api: StartCheckoutCalls;
  /** The checkout id kept in local storage, if any. */
  storedCheckoutId: string | null;
  rememberCheckoutId: (checkoutId: string) => void;
};

export type CheckoutStartArgs = { checkoutInstanceId: number; moduleId: number; basketId: string };

/** The stored checkout was paid meanwhile (e.g. in another tab): its order page is where the guest belongs. */
export class CheckoutAlreadyPaid extends Error {
  constructor(readonly checkoutId: string) {
    super(`Checkout ${checkoutId} is already paid`);
  }
}

export async function startCheckout(args: CheckoutStartArgs, deps: StartCheckoutDeps): Promise<Checkout> {
  let previous = await previousCheckout(deps);
  if (previous && awaitsPayment(previous, args.basketId)) previous = await abandonPayment(previous, deps);
  if (previous && shouldReuseCheckout(previous, args.basketId)) return cleanedUp(previous, deps);
  if (previous && awaitsBasket(previous)) return cleanedUp(await deps.api.linkBasket(previous.id, args.basketId), deps);
  const created = await deps.api.createCheckout({ instanceId: args.checkoutInstanceId, moduleId: args.moduleId });
  // Kept before the basket is linked: a reload while the link is on its way finds this checkout and links the
  // basket to it again. Kept after, the reload made a second checkout, whose link the first one's refused
  // (409 BASKET_IN_USE: the error page, for a guest who only reloaded).
  deps.rememberCheckoutId(created.id);
  return deps.api.linkBasket(created.id, args.basketId);
}

/** The stored checkout was created but its basket never linked (a start cut short by a reload): it is reused. */
function awaitsBasket(checkout: Checkout): boolean {
  return (
    checkout.state === CheckoutState.OPEN &&
    checkout.orderId === null &&
    checkout.payment === null &&
    checkout.checkoutBaskets.length === 0
  );
}

/**
 * The stored checkout, or null when there is none to reuse: never stored, or gone for this guest (404, or
 * 403 for another restaurant's). Any other failure is real and goes to the error page.
 */
async function previousCheckout({ api, storedCheckoutId }: StartCheckoutDeps): Promise<Checkout | null> {
  if (!storedCheckoutId) return null;
  try {
    return await api.getCheckout(storedCheckoutId);
  } catch (error) {
    const status = errorStatusOf(error);
    if (status === 404 || status === 403 || status === 400) return null;
    throw error;
  }
}

/**
 * The guest came back to /checkout while their payment still waits on the provider's page (the browser's
 * Back button): they are not paying that one any more. Left waiting, it would hold the basket (a new checkout
 * could not link it) and the slot until it expires.
 */
function awaitsPayment(checkout: Checkout, basketId: string): boolean {
  return (
    checkout.state === CheckoutState.PENDING &&
    checkout.payment !== null &&
    checkout.orderId === null &&
    checkout.checkoutBaskets.length === 1 &&
    checkout.checkoutBaskets[0]?.externalBasketId === basketId
  );
}

/** Cancels the waiting payment (the checkout reopens); one that holds money already means the order is on its way. */
async function abandonPayment(checkout: Checkout, { api }: StartCheckoutDeps): Promise<Checkout> {
  const paymentId = checkout.payment?.paymentId ?? "";
  try {
    await api.cancelPayment(paymentId);
  } catch (error) {
    if (errorCodeOf(error) === "ALREADY_PAID") throw new CheckoutAlreadyPaid(checkout.id);
    throw error;
  }
  return api.getCheckout(checkout.id);
}

/** Removes what checkoutCleanup lists, one call at a time (each answers the checkout as it now is). */
async function cleanedUp(checkout: Checkout, { api }: StartCheckoutDeps): Promise<Checkout> {
  const { discountIds, giftcardIds, removeDelivery } = checkoutCleanup(checkout);
  let current = checkout;
  for (const discountId of discountIds) current = await api.removeDiscount(current.id, discountId);
  for (const giftcardId of giftcardIds) current = await api.removeGiftcard(current.id, giftcardId);
  if (removeDelivery) current = await api.removeDelivery(current.id);
  return current;
}

/**
 * The checkout's own calls as one object, and what the checkout needs of the other features' calls (bringing
 * codes in line and starting the payment when the order is placed). The app hands the form all of them in one object (app/routes/checkout-calls.ts); a
 * test hands it a fake.
 */
import type { Checkout, LanguageCode, Payment, PaymentMethod } from "@app/contracts";
import { getCheckout } from "./get-checkout";
import { getInstanceSettings } from "./get-instance-settings";
import { saveGuestInformation } from "./save-guest-information";
import { validateOrder } from "./validate-order";

export const checkoutApi = {
  getCheckout,
  getInstanceSettings,
  saveGuestInformation,
  validateOrder,
};

/** Calls of the codes, fulfilment and payment features the checkout makes; their own api/ files implement them. */
export type OtherFeatureCalls = {
  addDiscount(checkoutId: string, discountCode: string): Promise<Checkout>;
  removeDiscount(checkoutId: string, discountId: string): Promise<Checkout>;
  addGiftcard(checkoutId: string, giftcard: { giftcardCode: string; amount: number | null }): Promise<Checkout>;
  removeGiftcard(checkoutId: string, giftcardId: string): Promise<Checkout>;
  addPayment(checkoutId: string, request: PaymentToStart): Promise<Payment>;
};

/** What placing the order asks the payment feature to start (features/payment api/add-payment.ts). */
export type PaymentToStart = {
  moduleId: number;
  continuationUrl: string;
  cancellationUrl: string;
  paymentMethods?: PaymentMethod[];
  receiptEmail?: string;
  language?: LanguageCode;
};

export type CheckoutApi = typeof checkoutApi & OtherFeatureCalls;

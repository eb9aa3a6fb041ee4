/**
 * What the /checkout form's sections share: the shop, the checkout instance's settings, the basket, the
 * server's checkout (its totals are the figures the guest sees), today at the restaurant and the calls.
 * The form (components/checkout-form.tsx) owns the value; its sections read it with useCheckoutPage(), the
 * app hands it, with the guest's checkout session, to the other features' sections (pickup time, codes), and a component test renders a section
 * inside <CheckoutPageProvider value={…}> with fakes.
 */
import type { AppSettings, Basket, Checkout, InstanceSetting, Module, ProductionUnit } from "@app/contracts";
import { createContext, type ReactNode, useContext } from "react";
import type { CheckoutApi } from "./api";

/** What the page needs of the started shop (features/shop's Shop has these and more). */
export type CheckoutShop = {
  module: Module;
  productionUnit: ProductionUnit;
  settings: AppSettings;
  /** Online payments move no money (a test provider): the payment choice says so (issue 46). */
  paymentTestMode: boolean;
};

export type CheckoutPageValue = {
  shop: CheckoutShop;
  instance: InstanceSetting;
  /** The linked basket as the basket store holds it (not empty). */
  basket: Basket;
  /** The basket holds a gift-card product (the catalogue knows; SPEC §5 hides the gift-card input then). */
  basketHoldsGiftcard: boolean;
  /** The server's checkout as last answered: ids, applied discounts and gift cards, delivery, totals. */
  checkout: Checkout;
  /** A call answered a newer checkout (or the page read it again): show its figures. */
  setCheckout: (checkout: Checkout) => void;
  /** The restaurant's date today (YYYY-MM-DD) and its time zone: dates and slot times are the restaurant's. */
  today: string;
  timeZone: string;
  /** Placing the order is running: inputs that would change the order are disabled. */
  placing: boolean;
  api: CheckoutApi;
};

const CheckoutPageContext = createContext<CheckoutPageValue | null>(null);

export function CheckoutPageProvider({ value, children }: { value: CheckoutPageValue; children: ReactNode }) {
  return <CheckoutPageContext.Provider value={value}>{children}</CheckoutPageContext.Provider>;
}

export function useCheckoutPage(): CheckoutPageValue {
  const value = useContext(CheckoutPageContext);
  if (!value) throw new Error("useCheckoutPage is used outside <CheckoutPageProvider>");
  return value;
}

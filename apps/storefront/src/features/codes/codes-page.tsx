/**
 * What the discount and gift-card fields need of the checkout page: the shop's instances, the basket (its total
 * is what a code is validated for), the server's checkout (its totals cap a gift card), the codes the checkout
 * session holds and the calls. The app hands the fields the page's value (app/routes/checkout-form-page.tsx);
 * the checkout-session feature owns the session and applies the actions below to it.
 */
import type { Basket, Checkout, InstanceSetting, Module } from "@app/contracts";
import { createContext, type ReactNode, useContext } from "react";
import type { CodesApi } from "./api";

export type SessionDiscount = { discountCode: string; amount: number };
export type SessionGiftcard = { giftcardCode: string; amount: number };

/** The codes as the checkout session keeps them (what the guest asked for, restored after a reload). */
export type CodesSession = { discount: SessionDiscount | null; giftcard: SessionGiftcard | null };

export type CodesAction =
  | { type: "discountApplied"; discount: SessionDiscount }
  | { type: "discountCleared" }
  | { type: "giftcardApplied"; giftcard: SessionGiftcard }
  | { type: "giftcardCleared" };

export type CodesPage = {
  shop: { module: Module };
  instance: InstanceSetting;
  basket: Basket;
  /** The basket holds a gift-card product (SPEC §5 hides the gift-card input then). */
  basketHoldsGiftcard: boolean;
  checkout: Checkout;
  setCheckout: (checkout: Checkout) => void;
  session: CodesSession;
  dispatch: (action: CodesAction) => void;
  /** Placing the order is running: nothing may change. */
  placing: boolean;
  api: CodesApi;
};

const CodesPageContext = createContext<CodesPage | null>(null);

export function CodesPageProvider({ value, children }: { value: CodesPage; children: ReactNode }) {
  return <CodesPageContext.Provider value={value}>{children}</CodesPageContext.Provider>;
}

export function useCodesPage(): CodesPage {
  const value = useContext(CodesPageContext);
  if (!value) throw new Error("useCodesPage is used outside <CodesPageProvider>");
  return value;
}

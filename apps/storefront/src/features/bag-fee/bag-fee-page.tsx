/**
 * What the bring-own-bag box and its rule need of the checkout page: the shop's bag product, the basket, the
 * guest's box in the checkout session, and the basket change that adds or removes the bag. The app hands them
 * the page's value (app/routes/checkout-form-page.tsx); the checkout-session feature owns the session and
 * applies the action below to it, the basket feature changes the basket.
 */
import type { Basket } from "@app/contracts";
import { createContext, type ReactNode, useContext } from "react";

/**
 * The guest's choice as the checkout session keeps it: true brings their own bag, false takes the restaurant's
 * (and pays its fee), null has not chosen yet (decision 029: nothing is added, and the order cannot be placed
 * until the guest chooses). showValidationErrors: the guest tried to place the order.
 */
export type BagFeeSession = {
  bringOwnBagIsChecked: boolean | null;
  isDelivery: boolean | null;
  showValidationErrors?: boolean;
};

export type BagFeeAction = { type: "bringOwnBagChanged"; checked: boolean };

export type BagFeePage = {
  shop: { settings: { bagFeeItem: number | null } };
  /** The linked basket as the basket store holds it. */
  basket: Basket;
  session: BagFeeSession;
  dispatch: (action: BagFeeAction) => void;
  /** Placing the order is running: nothing may change. */
  placing: boolean;
  /**
   * The bag product's price (the catalogue's), shown on the choice before the bag is in the basket; once it is,
   * the basket line's price shows. null or left out: not known (the choice shows no price until the line has one).
   */
  bagFeePrice?: number | null;
  /** Adds the bag product to the basket once, or removes its line; resolves when the basket has changed. */
  changeBagFee: (change: "add" | "remove") => Promise<void>;
};

const BagFeePageContext = createContext<BagFeePage | null>(null);

export function BagFeePageProvider({ value, children }: { value: BagFeePage; children: ReactNode }) {
  return <BagFeePageContext.Provider value={value}>{children}</BagFeePageContext.Provider>;
}

export function useBagFeePage(): BagFeePage {
  const value = useContext(BagFeePageContext);
  if (!value) throw new Error("useBagFeePage is used outside <BagFeePageProvider>");
  return value;
}

/**
 * What the pickup-time section needs of the checkout page: the shop and checkout instance, the basket (its size
 * sets how long an order takes to make), the server's checkout, the guest's choices in the checkout session and
 * the calls. The app hands the section the page's value (app/routes/checkout-form-page.tsx); the
 * checkout-session feature owns the session and applies the actions below to it.
 */
import type { AppSettings, Basket, Checkout, InstanceSetting, Module, ProductionUnit } from "@app/contracts";
import { createContext, type ReactNode, useContext } from "react";
import type { FulfilmentApi } from "./api";

/** The guest's pickup/delivery choices as the checkout session keeps them. */
export type FulfilmentSession = {
  showValidationErrors: boolean;
  isDelivery: boolean | null;
  chosenDate: string | null;
  chosenTimeslot: string | null;
  /** The address the server accepted ("" until then); floorDoor: the optional floor and door sent with it. */
  delivery: { address: string; zipCode: string; floorDoor?: string };
};

/** The changes this section makes to the session; the session's reducer decides what each one clears. */
export type FulfilmentAction =
  | { type: "deliveryMethodChosen"; isDelivery: boolean; futureOrderDatesAllowed: boolean }
  | { type: "dateChosen"; date: string }
  | { type: "timeslotChosen"; time: string | null }
  | {
      type: "deliverySet";
      delivery: { address: string; zipCode: string; floorDoor?: string };
      futureOrderDatesAllowed: boolean;
    };

export type FulfilmentPage = {
  shop: { module: Module; productionUnit: ProductionUnit; settings: AppSettings };
  instance: InstanceSetting;
  basket: Basket;
  /** The server's checkout as last answered. */
  checkout: Checkout;
  setCheckout: (checkout: Checkout) => void;
  session: FulfilmentSession;
  dispatch: (action: FulfilmentAction) => void;
  /** The restaurant's date today (YYYY-MM-DD) and its time zone: dates and slot times are the restaurant's. */
  today: string;
  timeZone: string;
  /** Placing the order is running: nothing may change. */
  placing: boolean;
  api: FulfilmentApi;
};

const FulfilmentPageContext = createContext<FulfilmentPage | null>(null);

export function FulfilmentPageProvider({ value, children }: { value: FulfilmentPage; children: ReactNode }) {
  return <FulfilmentPageContext.Provider value={value}>{children}</FulfilmentPageContext.Provider>;
}

export function useFulfilmentPage(): FulfilmentPage {
  const value = useContext(FulfilmentPageContext);
  if (!value) throw new Error("useFulfilmentPage is used outside <FulfilmentPageProvider>");
  return value;
}

/**
 * What the guest-details sections (order comment, guest info) need of the checkout page: the shop's rules of
 * required fields, the guest's entries in the checkout session and whether the order is being placed. The app
 * hands them the page's value (app/routes/checkout-form-page.tsx); the checkout-session feature owns the session.
 */
import type { AppSettings } from "@app/contracts";
import { createContext, type ReactNode, useContext } from "react";

export type GuestInformationDraft = {
  name: string;
  phone: string;
  email: string;
  orderComment: string;
  amountOfGuests: number | null;
  amountOfKids: number | null;
};

export type GuestDetailsAction = { type: "guestInformationChanged"; changes: Partial<GuestInformationDraft> };

export type GuestDetailsPage = {
  shop: { settings: AppSettings };
  session: { guestInformation: GuestInformationDraft; showValidationErrors: boolean };
  dispatch: (action: GuestDetailsAction) => void;
  /** Placing the order is running: the fields cannot change. */
  placing: boolean;
};

const GuestDetailsPageContext = createContext<GuestDetailsPage | null>(null);

export function GuestDetailsPageProvider({ value, children }: { value: GuestDetailsPage; children: ReactNode }) {
  return <GuestDetailsPageContext.Provider value={value}>{children}</GuestDetailsPageContext.Provider>;
}

export function useGuestDetailsPage(): GuestDetailsPage {
  const value = useContext(GuestDetailsPageContext);
  if (!value) throw new Error("useGuestDetailsPage is used outside <GuestDetailsPageProvider>");
  return value;
}

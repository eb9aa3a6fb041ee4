/**
 * The guest's checkout session (SPEC §3 "Checkout session", local): what the guest entered and chose on
 * /checkout before it is sent, as a pure reducer. SPEC §4's session rules live here and nowhere else:
 * switching pickup/delivery, choosing a date and setting the delivery each clear what no longer fits.
 * Each section's feature names the part it reads and the actions it sends (codes, fulfilment, bag-fee,
 * guest-details, checkout); the app hands them this session and its dispatch.
 */
import { localParts } from "@app/domain";

export type GuestInformationDraft = {
  name: string;
  phone: string;
  email: string;
  orderComment: string;
  amountOfGuests: number | null;
  amountOfKids: number | null;
};

/** floorDoor: the optional floor and door, sent in the address line (decision 029); "" or absent: none. */
export type DeliveryDraft = { address: string; zipCode: string; floorDoor?: string };

export type SessionDiscount = { discountCode: string; amount: number };
export type SessionGiftcard = { giftcardCode: string; amount: number };

export type CheckoutSession = {
  /**
   * The bag fee choice (decision 029): null until the guest chooses; SPEC §4 adds the bag fee only when
   * bring-own-bag is *explicitly* unticked (false: the restaurant's bag), and removes it when ticked (true: their
   * own). See bagFeeChange. Choosing delivery sets false (the restaurant's bag).
   */
  bringOwnBagIsChecked: boolean | null;
  /** Errors show only after the first attempt to place the order. */
  showValidationErrors: boolean;
  /**
   * The checkout whose terms of trade the guest ticked: the tick survives a declined or cancelled payment and a
   * reload (issue 42), and a new checkout — the next order — starts unticked. null: not ticked.
   */
  termsAcceptedFor: string | null;
  /** null until the guest picks pickup or delivery (only asked when delivery is enabled). */
  isDelivery: boolean | null;
  /** The restaurant's local date YYYY-MM-DD; null when the guest has to choose one again. */
  chosenDate: string | null;
  /** A slot's `time` as the API sent it (ISO 8601 UTC), sent back unchanged as orderReadyTime. */
  chosenTimeslot: string | null;
  guestInformation: GuestInformationDraft;
  delivery: DeliveryDraft;
  discount: SessionDiscount | null;
  giftcard: SessionGiftcard | null;
};

export const EMPTY_GUEST_INFORMATION: GuestInformationDraft = {
  name: "",
  phone: "",
  email: "",
  orderComment: "",
  amountOfGuests: null,
  amountOfKids: null,
};

export const EMPTY_DELIVERY: DeliveryDraft = { address: "", zipCode: "" };

/** Today's date (YYYY-MM-DD) at the restaurant: the session's default date. */
export function todayIn(timeZone: string, now: Date): string {
  return localParts(now, timeZone).date;
}

/** A fresh session; `today` is the restaurant's local date (todayIn), SPEC §3's default. */
export function initialCheckoutSession(today: string): CheckoutSession {
  return {
    bringOwnBagIsChecked: null,
    showValidationErrors: false,
    termsAcceptedFor: null,
    isDelivery: null,
    chosenDate: today,
    chosenTimeslot: null,
    guestInformation: EMPTY_GUEST_INFORMATION,
    delivery: EMPTY_DELIVERY,
    discount: null,
    giftcard: null,
  };
}

/**
 * `futureOrderDatesAllowed`: the checkout instance's guestFutureOrderDates is above 0. Only then is the date
 * cleared by the rules; with today as the only date there is nothing else to choose.
 */
export type CheckoutSessionAction =
  | { type: "deliveryMethodChosen"; isDelivery: boolean; futureOrderDatesAllowed: boolean }
  | { type: "dateChosen"; date: string }
  | { type: "timeslotChosen"; time: string | null }
  | { type: "deliverySet"; delivery: DeliveryDraft; futureOrderDatesAllowed: boolean }
  | { type: "guestInformationChanged"; changes: Partial<GuestInformationDraft> }
  | { type: "bringOwnBagChanged"; checked: boolean }
  | { type: "validationErrorsShown" }
  | { type: "termsAccepted"; checkoutId: string | null }
  | { type: "discountApplied"; discount: SessionDiscount }
  | { type: "discountCleared" }
  | { type: "giftcardApplied"; giftcard: SessionGiftcard }
  | { type: "giftcardCleared" }
  | { type: "sessionReset"; today: string };

export function checkoutSessionReducer(session: CheckoutSession, action: CheckoutSessionAction): CheckoutSession {
  switch (action.type) {
    case "deliveryMethodChosen":
      return chooseDeliveryMethod(session, action.isDelivery, action.futureOrderDatesAllowed);
    case "dateChosen":
      return { ...session, chosenDate: action.date, chosenTimeslot: null };
    case "timeslotChosen":
      return { ...session, chosenTimeslot: action.time };
    case "deliverySet":
      return {
        ...session,
        delivery: action.delivery,
        chosenTimeslot: null,
        chosenDate: action.futureOrderDatesAllowed ? null : session.chosenDate,
      };
    case "guestInformationChanged":
      return { ...session, guestInformation: { ...session.guestInformation, ...action.changes } };
    case "bringOwnBagChanged":
      return { ...session, bringOwnBagIsChecked: action.checked };
    case "validationErrorsShown":
      return { ...session, showValidationErrors: true };
    case "termsAccepted":
      return { ...session, termsAcceptedFor: action.checkoutId };
    case "discountApplied":
      return { ...session, discount: action.discount };
    case "discountCleared":
      return { ...session, discount: null };
    case "giftcardApplied":
      return { ...session, giftcard: action.giftcard };
    case "giftcardCleared":
      return { ...session, giftcard: null };
    case "sessionReset":
      return initialCheckoutSession(action.today);
  }
}

/**
 * SPEC §4: switching clears the delivery info and the timeslot, the date too when future dates are allowed,
 * and choosing delivery unticks bring-own-bag (a delivered order comes in the restaurant's bag). Picking the
 * method already chosen is no switch: nothing is cleared; the first choice keeps the default date.
 */
function chooseDeliveryMethod(
  session: CheckoutSession,
  isDelivery: boolean,
  futureOrderDatesAllowed: boolean,
): CheckoutSession {
  if (session.isDelivery === isDelivery) return session;
  return {
    ...session,
    isDelivery,
    delivery: EMPTY_DELIVERY,
    chosenTimeslot: null,
    // The first choice is no switch away from anything: today, the default date, stays chosen.
    chosenDate: futureOrderDatesAllowed && session.isDelivery !== null ? null : session.chosenDate,
    bringOwnBagIsChecked: isDelivery ? false : session.bringOwnBagIsChecked,
  };
}

/**
 * What the form reads of the guest's checkout session and the changes it makes to it (the checkout-session
 * feature owns the session, its reducer and its storage; the app hands the form its store).
 */
export type FormSession = {
  /** Errors show only after the first attempt to place the order. */
  showValidationErrors: boolean;
  isDelivery: boolean | null;
  /** The bag fee choice (decision 029): null until the guest has chosen; required when the shop has a bag. */
  bringOwnBagIsChecked: boolean | null;
  /**
   * The checkout whose terms the guest ticked (SPEC §5): kept through a declined or cancelled payment of that
   * checkout (issue 42); a new checkout (a new order) starts unticked.
   */
  termsAcceptedFor: string | null;
  delivery: { address: string; zipCode: string };
  chosenDate: string | null;
  /** Sent back unchanged as the order's orderReadyTime. */
  chosenTimeslot: string | null;
  guestInformation: {
    name: string;
    phone: string;
    email: string;
    orderComment: string;
    amountOfGuests: number | null;
    amountOfKids: number | null;
  };
  /** The codes the guest asked for: placing the order brings the checkout in line with them. */
  discount: { discountCode: string; amount: number } | null;
  giftcard: { giftcardCode: string; amount: number } | null;
};

export type FormSessionAction =
  | { type: "validationErrorsShown" }
  | { type: "timeslotChosen"; time: string | null }
  | { type: "discountCleared" }
  | { type: "giftcardCleared" }
  | { type: "termsAccepted"; checkoutId: string | null };

export type FormSessionStore = {
  getSnapshot(): FormSession;
  subscribe(listener: () => void): () => void;
  dispatch(action: FormSessionAction): void;
};

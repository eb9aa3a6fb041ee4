import { describe, expect, test } from "vitest";
import {
  type CheckoutSession,
  type CheckoutSessionAction,
  checkoutSessionReducer,
  EMPTY_DELIVERY,
  initialCheckoutSession,
  todayIn,
} from "./checkout-session";

const TODAY = "2026-05-01";
const SLOT = "2026-05-01T10:15:00.000Z";
const ADDRESS = { address: "Vej 1", zipCode: "8000" };

/** A session in the middle of a checkout: a date, a slot and an address chosen, the bag box touched. */
function session(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    ...initialCheckoutSession(TODAY),
    chosenDate: "2026-05-02",
    chosenTimeslot: SLOT,
    delivery: ADDRESS,
    ...overrides,
  };
}

/** The fields SPEC §4's rules touch, to compare in the tables. */
function ruled(state: CheckoutSession) {
  const { isDelivery, delivery, chosenDate, chosenTimeslot, bringOwnBagIsChecked } = state;
  return { isDelivery, delivery, chosenDate, chosenTimeslot, bringOwnBagIsChecked };
}

test("a fresh session: today's date, nothing chosen, nothing entered", () => {
  expect(initialCheckoutSession(TODAY)).toEqual({
    bringOwnBagIsChecked: null,
    showValidationErrors: false,
    termsAcceptedFor: null,
    isDelivery: null,
    chosenDate: TODAY,
    chosenTimeslot: null,
    guestInformation: { name: "", phone: "", email: "", orderComment: "", amountOfGuests: null, amountOfKids: null },
    delivery: EMPTY_DELIVERY,
    discount: null,
    giftcard: null,
  });
});

describe("switching delivery/pickup (SPEC §4)", () => {
  const cases: [string, Partial<CheckoutSession>, CheckoutSessionAction, ReturnType<typeof ruled>][] = [
    [
      "to delivery, future dates allowed: clears delivery info, timeslot and date; unticks bring-own-bag",
      { isDelivery: false, bringOwnBagIsChecked: true },
      { type: "deliveryMethodChosen", isDelivery: true, futureOrderDatesAllowed: true },
      {
        isDelivery: true,
        delivery: EMPTY_DELIVERY,
        chosenDate: null,
        chosenTimeslot: null,
        bringOwnBagIsChecked: false,
      },
    ],
    [
      "to delivery, today only: the date stays",
      { isDelivery: false, bringOwnBagIsChecked: true },
      { type: "deliveryMethodChosen", isDelivery: true, futureOrderDatesAllowed: false },
      {
        isDelivery: true,
        delivery: EMPTY_DELIVERY,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: false,
      },
    ],
    [
      "to pickup, future dates allowed: clears delivery info, timeslot and date; the bag box is left alone",
      { isDelivery: true, bringOwnBagIsChecked: true },
      { type: "deliveryMethodChosen", isDelivery: false, futureOrderDatesAllowed: true },
      {
        isDelivery: false,
        delivery: EMPTY_DELIVERY,
        chosenDate: null,
        chosenTimeslot: null,
        bringOwnBagIsChecked: true,
      },
    ],
    [
      "to pickup, today only: the date stays",
      { isDelivery: true, bringOwnBagIsChecked: null },
      { type: "deliveryMethodChosen", isDelivery: false, futureOrderDatesAllowed: false },
      {
        isDelivery: false,
        delivery: EMPTY_DELIVERY,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: null,
      },
    ],
    [
      "the first choice counts as a switch",
      { isDelivery: null, bringOwnBagIsChecked: null },
      { type: "deliveryMethodChosen", isDelivery: true, futureOrderDatesAllowed: false },
      {
        isDelivery: true,
        delivery: EMPTY_DELIVERY,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: false,
      },
    ],
    [
      "the first choice keeps the default date, also when future dates are allowed",
      { isDelivery: null, bringOwnBagIsChecked: null },
      { type: "deliveryMethodChosen", isDelivery: false, futureOrderDatesAllowed: true },
      {
        isDelivery: false,
        delivery: EMPTY_DELIVERY,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: null,
      },
    ],
    [
      "picking the method already chosen is no switch: nothing is cleared",
      { isDelivery: true, bringOwnBagIsChecked: true },
      { type: "deliveryMethodChosen", isDelivery: true, futureOrderDatesAllowed: true },
      {
        isDelivery: true,
        delivery: ADDRESS,
        chosenDate: "2026-05-02",
        chosenTimeslot: SLOT,
        bringOwnBagIsChecked: true,
      },
    ],
  ];
  test.each(cases)("%s", (_name, before, action, after) => {
    expect(ruled(checkoutSessionReducer(session(before), action))).toEqual(after);
  });
});

describe("choosing a date (SPEC §4)", () => {
  const cases: [string, Partial<CheckoutSession>, string, ReturnType<typeof ruled>][] = [
    [
      "another date clears the timeslot",
      { isDelivery: false },
      "2026-05-03",
      {
        isDelivery: false,
        delivery: ADDRESS,
        chosenDate: "2026-05-03",
        chosenTimeslot: null,
        bringOwnBagIsChecked: null,
      },
    ],
    [
      "the same date again clears the timeslot too",
      { isDelivery: false },
      "2026-05-02",
      {
        isDelivery: false,
        delivery: ADDRESS,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: null,
      },
    ],
    [
      "a date after it had been cleared",
      { chosenDate: null, chosenTimeslot: null },
      TODAY,
      { isDelivery: null, delivery: ADDRESS, chosenDate: TODAY, chosenTimeslot: null, bringOwnBagIsChecked: null },
    ],
  ];
  test.each(cases)("%s", (_name, before, date, after) => {
    expect(ruled(checkoutSessionReducer(session(before), { type: "dateChosen", date }))).toEqual(after);
  });
});

describe("setting the delivery (SPEC §4)", () => {
  const other = { address: "Gade 2", zipCode: "8200" };
  const cases: [string, boolean, ReturnType<typeof ruled>][] = [
    [
      "future dates allowed: clears the timeslot and the date",
      true,
      { isDelivery: true, delivery: other, chosenDate: null, chosenTimeslot: null, bringOwnBagIsChecked: false },
    ],
    [
      "today only: clears the timeslot, the date stays",
      false,
      {
        isDelivery: true,
        delivery: other,
        chosenDate: "2026-05-02",
        chosenTimeslot: null,
        bringOwnBagIsChecked: false,
      },
    ],
  ];
  test.each(cases)("%s", (_name, futureOrderDatesAllowed, after) => {
    const before = session({ isDelivery: true, bringOwnBagIsChecked: false });
    const action: CheckoutSessionAction = { type: "deliverySet", delivery: other, futureOrderDatesAllowed };
    expect(ruled(checkoutSessionReducer(before, action))).toEqual(after);
  });
});

describe("the other actions change only their own field", () => {
  const before = session();
  const cases: [string, CheckoutSessionAction, Partial<CheckoutSession>][] = [
    [
      "a timeslot",
      { type: "timeslotChosen", time: "2026-05-02T11:00:00.000Z" },
      { chosenTimeslot: "2026-05-02T11:00:00.000Z" },
    ],
    [
      "guest information, merged",
      { type: "guestInformationChanged", changes: { name: "Ann", phone: "12345678" } },
      { guestInformation: { ...before.guestInformation, name: "Ann", phone: "12345678" } },
    ],
    ["bring-own-bag ticked", { type: "bringOwnBagChanged", checked: true }, { bringOwnBagIsChecked: true }],
    ["bring-own-bag unticked", { type: "bringOwnBagChanged", checked: false }, { bringOwnBagIsChecked: false }],
    ["validation errors shown", { type: "validationErrorsShown" }, { showValidationErrors: true }],
    [
      "a discount",
      { type: "discountApplied", discount: { discountCode: "SUMMER", amount: 20 } },
      { discount: { discountCode: "SUMMER", amount: 20 } },
    ],
    [
      "a gift card",
      { type: "giftcardApplied", giftcard: { giftcardCode: "GIFT1", amount: 100 } },
      { giftcard: { giftcardCode: "GIFT1", amount: 100 } },
    ],
  ];
  test.each(cases)("%s", (_name, action, changed) => {
    expect(checkoutSessionReducer(before, action)).toEqual({ ...before, ...changed });
  });

  test("clearing the discount and the gift card", () => {
    const applied = session({
      discount: { discountCode: "SUMMER", amount: 20 },
      giftcard: { giftcardCode: "GIFT1", amount: 100 },
    });
    const cleared = [{ type: "discountCleared" }, { type: "giftcardCleared" }] as const;
    expect(cleared.reduce(checkoutSessionReducer, applied)).toEqual({ ...applied, discount: null, giftcard: null });
  });

  test("a reset starts a fresh session for the given day", () => {
    expect(checkoutSessionReducer(session(), { type: "sessionReset", today: "2026-05-09" })).toEqual(
      initialCheckoutSession("2026-05-09"),
    );
  });
});

describe("today in the restaurant's time zone", () => {
  test("today is the restaurant's date, not the browser's", () => {
    expect(todayIn("Europe/Copenhagen", new Date("2026-07-15T22:30:00.000Z"))).toBe("2026-07-16");
    expect(todayIn("America/New_York", new Date("2026-07-15T22:30:00.000Z"))).toBe("2026-07-15");
  });
});

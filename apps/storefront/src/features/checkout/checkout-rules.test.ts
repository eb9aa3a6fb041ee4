import { describe, expect, test } from "vitest";
import {
  type CheckoutSession,
  type GuestInformationDraft,
  initialCheckoutSession,
} from "../../testing/checkout-fixtures";
import {
  isRestaurantOffline,
  joinMissing,
  type MissingFieldKey,
  type MissingFieldsSettings,
  missingFields,
  paymentMethodsOffered,
} from "./checkout-rules";

const ALL_REQUIRED = { name: true, phone: true, email: true };
const NONE_REQUIRED = { name: false, phone: false, email: false };
const GUEST: GuestInformationDraft = {
  name: "Ann",
  phone: "12345678",
  email: "ann@example.dk",
  orderComment: "",
  amountOfGuests: null,
  amountOfKids: null,
};

/** A complete pickup session; each case takes something away. */
function session(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    ...initialCheckoutSession("2026-05-01"),
    isDelivery: false,
    chosenTimeslot: "2026-05-01T10:15:00.000Z",
    guestInformation: GUEST,
    ...overrides,
  };
}

describe("missingFields (SPEC §5)", () => {
  const pickupShop: MissingFieldsSettings = { deliveryEnabled: false, requiredGuestInformation: ALL_REQUIRED };
  const deliveryShop: MissingFieldsSettings = { deliveryEnabled: true, requiredGuestInformation: ALL_REQUIRED };
  const nothingEntered: Partial<CheckoutSession> = {
    isDelivery: null,
    chosenDate: null,
    chosenTimeslot: null,
    guestInformation: { ...GUEST, name: "", phone: "", email: "" },
  };
  const cases: [string, Partial<CheckoutSession>, MissingFieldsSettings, MissingFieldKey[]][] = [
    ["all entered: nothing missing", {}, pickupShop, []],
    [
      "nothing entered, pickup shop: date, time, name, email, phone number",
      nothingEntered,
      pickupShop,
      ["MissingFields.Date", "MissingFields.Time", "MissingFields.Name", "MissingFields.Email", "MissingFields.Phone"],
    ],
    [
      "nothing entered, delivery shop: the delivery method comes first",
      nothingEntered,
      deliveryShop,
      [
        "MissingFields.DeliveryMethod",
        "MissingFields.Date",
        "MissingFields.Time",
        "MissingFields.Name",
        "MissingFields.Email",
        "MissingFields.Phone",
      ],
    ],
    [
      "delivery chosen without an address: address and zipcode, in that order, before the date",
      { ...nothingEntered, isDelivery: true },
      deliveryShop,
      [
        "MissingFields.Address",
        "MissingFields.Zipcode",
        "MissingFields.Date",
        "MissingFields.Time",
        "MissingFields.Name",
        "MissingFields.Email",
        "MissingFields.Phone",
      ],
    ],
    [
      "a zip code that is not 4 digits counts as missing; a blank address too",
      { isDelivery: true, delivery: { address: "  ", zipCode: "800" } },
      deliveryShop,
      ["MissingFields.Address", "MissingFields.Zipcode"],
    ],
    ["a full address", { isDelivery: true, delivery: { address: "Vej 1", zipCode: " 8000 " } }, deliveryShop, []],
    ["pickup chosen in a delivery shop: no address asked", { isDelivery: false }, deliveryShop, []],
    [
      "delivery disabled: a stale isDelivery from before is ignored",
      { isDelivery: true, delivery: { address: "", zipCode: "" } },
      pickupShop,
      [],
    ],
    [
      "nothing required: no guest field is missing",
      { guestInformation: { ...GUEST, name: "", phone: "", email: "" } },
      { deliveryEnabled: false, requiredGuestInformation: NONE_REQUIRED },
      [],
    ],
    [
      "only the required ones: email required, name and phone not",
      { guestInformation: { ...GUEST, name: "", phone: "", email: "" } },
      { deliveryEnabled: false, requiredGuestInformation: { name: false, phone: false, email: true } },
      ["MissingFields.Email"],
    ],
    [
      "a name that sanitizes to nothing is missing, as the server says",
      { guestInformation: { ...GUEST, name: ' <"> ' } },
      pickupShop,
      ["MissingFields.Name"],
    ],
    [
      "an invalid phone is not missing (its field says what is wrong)",
      { guestInformation: { ...GUEST, phone: "12-34" } },
      pickupShop,
      [],
    ],
  ];
  test.each(cases)("%s", (_name, overrides, settings, expected) => {
    expect(missingFields(session(overrides), settings)).toEqual(expected);
  });
});

describe("joinMissing (SPEC §5)", () => {
  const english = { separator: ", ", lastSeparator: " & " };
  const danish = { separator: ", ", lastSeparator: " og " };
  const cases: [string[], typeof english, string][] = [
    [[], english, ""],
    [["name"], english, "name"],
    [["name", "email"], english, "name & email"],
    [["name", "email", "phone number"], english, "name, email & phone number"],
    [["time", "name", "email", "phone number"], english, "time, name, email & phone number"],
    [["navn", "e-mail", "telefonnummer"], danish, "navn, e-mail og telefonnummer"],
  ];
  test.each(cases)("%j → %s", (items, separators, expected) => {
    expect(joinMissing(items, separators)).toBe(expected);
  });
});

describe("missingFields: the bag fee choice (decision 029)", () => {
  const bagShop: MissingFieldsSettings = {
    deliveryEnabled: true,
    requiredGuestInformation: ALL_REQUIRED,
    bagFeeItem: 9,
  };
  test("a shop with a bag product needs the guest's choice for a pickup, named last", () => {
    expect(missingFields(session({ bringOwnBagIsChecked: null, chosenTimeslot: null }), bagShop)).toEqual([
      "MissingFields.Time",
      "BagFeeChoice.Missing",
    ]);
  });
  test("either answer will do", () => {
    expect(missingFields(session({ bringOwnBagIsChecked: true }), bagShop)).toEqual([]);
    expect(missingFields(session({ bringOwnBagIsChecked: false }), bagShop)).toEqual([]);
  });
  test("a delivery does not ask (the restaurant's bag comes with it), nor does a shop without a bag product", () => {
    const delivery = session({ isDelivery: true, delivery: { address: "Vej 1", zipCode: "8000" } });
    expect(missingFields({ ...delivery, bringOwnBagIsChecked: null }, bagShop)).toEqual([]);
    expect(missingFields(session({ bringOwnBagIsChecked: null }), { ...bagShop, bagFeeItem: null })).toEqual([]);
  });
});

describe("paymentMethodsOffered", () => {
  test("pay at pickup is not offered for a delivery", () => {
    const all = { onlinePayment: true, mobilepay: true, payAtPickup: true };
    expect(paymentMethodsOffered(all, { isDelivery: true })).toEqual(["card", "mobilepay"]);
    expect(paymentMethodsOffered(all, { isDelivery: false })).toEqual(["card", "mobilepay", "pickup"]);
  });

  const cases: [boolean, boolean, boolean, string[]][] = [
    [true, false, false, ["card"]],
    [true, true, true, ["card", "mobilepay", "pickup"]],
    [false, true, false, ["mobilepay"]],
    [false, false, true, ["pickup"]],
    [false, false, false, []],
  ];
  test.each(cases)("online %s, MobilePay %s, at pickup %s → %j", (onlinePayment, mobilepay, payAtPickup, offered) => {
    expect(paymentMethodsOffered({ onlinePayment, mobilepay, payAtPickup })).toEqual(offered);
  });
});

describe("error messages", () => {
  // The shape of lib/api-client's ApiError (a feature's root files do not import lib/ by the lint rule).
  const failure = (code: string) => Object.assign(new Error("…"), { status: 422, errors: [{ code, message: "…" }] });
  test("a validation refused as Payment.RestaurantOffline is the offline message; others are not", () => {
    expect(isRestaurantOffline(failure("Payment.RestaurantOffline"))).toBe(true);
    expect(isRestaurantOffline(failure("SLOT_FULL"))).toBe(false);
    expect(isRestaurantOffline(new Error("boom"))).toBe(false);
  });
});

import type { Basket, BasketItem, Checkout } from "@app/contracts";
import { describe, expect, test } from "vitest";
import { aCheckout } from "../../testing/checkout-fixtures";
import {
  bagFeeChange,
  checkoutCleanup,
  isRestaurantOffline,
  joinMissing,
  type MissingFieldKey,
  type MissingFieldsSettings,
  missingFields,
  paymentMethodsOffered,
  shouldReuseCheckout,
  todayIn,
} from "./checkout-rules";
import { type CheckoutSession, type GuestInformationDraft, initialCheckoutSession } from "./checkout-session";

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

const BASKET_ID = "ba5ce700-0000-4000-8000-000000000002";

/** A checkout of the basket BASKET_ID, as the API answers it (the shared test checkout, linked to it). */
function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return aCheckout({ checkoutBaskets: [{ externalBasketId: BASKET_ID }], ...overrides });
}

describe("shouldReuseCheckout (SPEC §4 checkout start)", () => {
  const cases: [string, Partial<Checkout>, boolean][] = [
    ["open, no order, no payment, only the current basket: reused", {}, true],
    [
      "with discounts, gift cards and delivery: still reused (they are removed first)",
      {
        discounts: [{ id: "d-1", discountCode: "X", amount: 10 }],
        giftcards: [{ id: "g-1", giftcardCode: "Y", amount: 20 }],
      },
      true,
    ],
    ["done", { state: 2 }, false],
    ["pending", { state: 1 }, false],
    ["in error", { state: 3 }, false],
    ["finalizing", { state: 4 }, false],
    ["has an order", { orderId: "o-1" }, false],
    ["has a payment", { payment: { paymentId: "p-1" } }, false],
    ["linked to another basket", { checkoutBaskets: [{ externalBasketId: "other" }] }, false],
    [
      "linked to the current basket and another",
      { checkoutBaskets: [{ externalBasketId: BASKET_ID }, { externalBasketId: "other" }] },
      false,
    ],
    ["no basket linked", { checkoutBaskets: [] }, false],
  ];
  test.each(cases)("%s", (_name, overrides, expected) => {
    expect(shouldReuseCheckout(checkout(overrides), BASKET_ID)).toBe(expected);
  });
});

describe("checkoutCleanup (SPEC §4)", () => {
  test("lists the discounts, gift cards and delivery to remove", () => {
    const used = checkout({
      discounts: [{ id: "d-1", discountCode: "X", amount: 10 }],
      giftcards: [
        { id: "g-1", giftcardCode: "Y", amount: 20 },
        { id: "g-2", giftcardCode: "Z", amount: 5 },
      ],
      delivery: {
        deliveryFee: 30,
        fee: 30,
        zipCode: "8000",
        address: "Vej 1",
        date: null,
        deliveryTime: null,
        stage: 1,
      },
    });
    expect(checkoutCleanup(used)).toEqual({ discountIds: ["d-1"], giftcardIds: ["g-1", "g-2"], removeDelivery: true });
  });

  test("nothing to remove from a clean checkout", () => {
    expect(checkoutCleanup(checkout())).toEqual({ discountIds: [], giftcardIds: [], removeDelivery: false });
  });
});

const BAG = 99;

function line(productId: number, editingIsDisabled = false): BasketItem {
  return {
    id: `line-${productId}`,
    productId,
    name: `Product ${productId}`,
    amount: 1,
    price: 5,
    productPrice: 5,
    imageUrl: "",
    totalPrice: 5,
    choices: [],
    editingIsDisabled,
  };
}

function basket(...items: BasketItem[]): Basket {
  return {
    id: BASKET_ID,
    createdTimeUtc: "2026-05-01T10:00:00.000Z",
    items,
    products: [],
    totalPrice: 5 * items.length,
    itemCount: items.length,
  };
}

describe("bagFeeChange (SPEC §4)", () => {
  const food = basket(line(1));
  const foodAndBag = basket(line(1), line(BAG, true));
  const cases: [string, boolean | null, Basket | null, number | null, string][] = [
    ["explicitly unticked, no bag yet: add", false, food, BAG, "add"],
    ["explicitly unticked, bag already there: added once only", false, foodAndBag, BAG, "none"],
    ["ticked, bag there: remove", true, foodAndBag, BAG, "remove"],
    ["ticked, no bag: nothing", true, food, BAG, "none"],
    ["untouched: nothing added", null, food, BAG, "none"],
    ["untouched: nothing removed", null, foodAndBag, BAG, "none"],
    ["no bag product in this shop", false, food, null, "none"],
    ["no basket", false, null, BAG, "none"],
    ["no food: no bag for an empty order", false, basket(), BAG, "none"],
    ["only the bag, ticked: removed", true, basket(line(BAG, true)), BAG, "remove"],
  ];
  test.each(cases)("%s", (_name, checked, current, bagFeeItem, expected) => {
    expect(bagFeeChange(checked, current, bagFeeItem)).toBe(expected);
  });
});

describe("paymentMethodsOffered", () => {
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

describe("today in the restaurant's time zone", () => {
  test("today is the restaurant's date, not the browser's", () => {
    expect(todayIn("Europe/Copenhagen", new Date("2026-07-15T22:30:00.000Z"))).toBe("2026-07-16");
    expect(todayIn("America/New_York", new Date("2026-07-15T22:30:00.000Z"))).toBe("2026-07-15");
  });
});

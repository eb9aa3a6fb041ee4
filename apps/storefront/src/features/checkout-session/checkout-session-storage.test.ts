import { describe, expect, test } from "vitest";
import { type CheckoutSession, initialCheckoutSession } from "./checkout-session";
import {
  CHECKOUT_SESSION_KEY,
  loadCheckoutSession,
  type SessionStorage,
  saveCheckoutSession,
} from "./checkout-session-storage";

const TODAY = "2026-05-01";

function memoryStorage(initial: Record<string, string> = {}): SessionStorage & { items: Record<string, string> } {
  const items = { ...initial };
  return {
    items,
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      items[key] = value;
    },
  };
}

const entered: CheckoutSession = {
  bringOwnBagIsChecked: false,
  showValidationErrors: true,
  termsAcceptedFor: "c4ec0000-0000-4000-8000-000000000001",
  isDelivery: true,
  chosenDate: "2026-05-02",
  chosenTimeslot: "2026-05-02T10:15:00.000Z",
  guestInformation: {
    name: "Ann",
    phone: "12345678",
    email: "ann@example.dk",
    orderComment: "No onions",
    amountOfGuests: 2,
    amountOfKids: 0,
  },
  delivery: { address: "Vej 1", zipCode: "8000", floorDoor: "3. tv." },
  discount: { discountCode: "SUMMER", amount: 20 },
  giftcard: { giftcardCode: "GIFT1", amount: 100 },
};

describe("checkout session storage", () => {
  test("the key starts with 'checkout', so clearing the order wipes it", () => {
    expect(CHECKOUT_SESSION_KEY.startsWith("checkout")).toBe(true);
  });

  test("what is saved loads again", () => {
    const storage = memoryStorage();
    saveCheckoutSession(entered, storage);
    expect(loadCheckoutSession(storage, TODAY)).toEqual(entered);
  });

  const fresh: [string, SessionStorage | undefined][] = [
    ["no storage", undefined],
    ["nothing stored", memoryStorage()],
    ["bad JSON", memoryStorage({ [CHECKOUT_SESSION_KEY]: "{not json" })],
    ["JSON that is no object", memoryStorage({ [CHECKOUT_SESSION_KEY]: "[1,2]" })],
    [
      "a storage that throws",
      {
        getItem: () => {
          throw new Error("blocked");
        },
        setItem: () => {},
      },
    ],
  ];
  test.each(fresh)("%s: a fresh session", (_name, storage) => {
    expect(loadCheckoutSession(storage, TODAY)).toEqual(initialCheckoutSession(TODAY));
  });

  test("malformed fields fall back one by one, the good ones are kept", () => {
    const storage = memoryStorage({
      [CHECKOUT_SESSION_KEY]: JSON.stringify({
        ...entered,
        bringOwnBagIsChecked: "yes",
        guestInformation: { name: "Ann", phone: 12345678, amountOfGuests: -1 },
        discount: { discountCode: "SUMMER" },
        giftcard: "GIFT1",
      }),
    });
    expect(loadCheckoutSession(storage, TODAY)).toEqual({
      ...entered,
      bringOwnBagIsChecked: null,
      guestInformation: {
        name: "Ann",
        phone: "",
        email: "",
        orderComment: "",
        amountOfGuests: null,
        amountOfKids: null,
      },
      discount: null,
      giftcard: null,
    });
  });

  test("a chosen date that is over becomes today, without its timeslot", () => {
    const storage = memoryStorage();
    saveCheckoutSession({ ...entered, chosenDate: "2026-04-30", chosenTimeslot: "2026-04-30T10:00:00.000Z" }, storage);
    expect(loadCheckoutSession(storage, TODAY)).toMatchObject({ chosenDate: TODAY, chosenTimeslot: null });
  });

  test("a date cleared by the session rules stays cleared", () => {
    const storage = memoryStorage();
    saveCheckoutSession({ ...entered, chosenDate: null, chosenTimeslot: null }, storage);
    expect(loadCheckoutSession(storage, TODAY).chosenDate).toBeNull();
  });

  test("a storage that refuses to save is no error", () => {
    const full: SessionStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(() => saveCheckoutSession(entered, full)).not.toThrow();
  });
});

import type { Order } from "@app/contracts";
import { describe, expect, test } from "vitest";
import {
  CONFIRMED_ORDER_KEY,
  type ConfirmedOrder,
  forgetConfirmedOrder,
  orderNumberOf,
  readConfirmedOrder,
  receiptNoteOf,
  saveConfirmedOrder,
} from "./confirmation-storage";

const CONFIRMED: ConfirmedOrder = {
  checkoutId: "c-1",
  orderId: "o-1",
  externalId: "A-1001",
  receiptNumber: 1001,
  phone: "20304050",
  email: "mette@example.dk",
  order: null,
};

/** The order the receipt shows, as GET /order/{id} answered it. */
const ORDER: Order = {
  id: "o-1",
  checkoutId: "c-1",
  products: [
    {
      productId: 11,
      name: "Classic burger",
      amount: 1,
      price: 101,
      total: 101,
      choices: [{ choiceId: 2, name: "Bacon", amount: 1, price: 12 }],
    },
    { productId: 90, name: "Pose", amount: 1, price: 4, total: 4, choices: [] },
  ],
  delivery: null,
  orderReadyTime: "2026-11-23T11:30:00.000Z",
  discounts: [{ code: "SOMMER10", amount: 10.5 }],
  basketTotal: 105,
  deliveryFee: 0,
  totalAmount: 94.5,
  payments: [{ paymentId: "p-1", amount: 94.5, type: 2, method: "pickup", state: 128, isTest: false }],
  receipt: { number: 1001 },
  externalId: "A-1001",
  createdUtc: "2026-11-23T10:00:00.000Z",
  kitchenStatus: "new",
  readyTime: "2026-11-23T11:30:00.000Z",
  rejectReason: null,
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("the stored confirmation", () => {
  test("its key does not start with 'checkout', so clearing the order keeps it", () => {
    expect(CONFIRMED_ORDER_KEY.startsWith("checkout")).toBe(false);
  });

  test("what is saved is read back, and forgetting it leaves nothing", () => {
    const storage = memoryStorage();
    saveConfirmedOrder(CONFIRMED, storage);
    expect(readConfirmedOrder(storage)).toEqual(CONFIRMED);
    forgetConfirmedOrder(storage);
    expect(readConfirmedOrder(storage)).toBeNull();
  });

  test("the order it shows is saved with it and read back whole, so a reload shows the same receipt", () => {
    const storage = memoryStorage();
    saveConfirmedOrder({ ...CONFIRMED, order: ORDER }, storage);
    expect(readConfirmedOrder(storage)).toEqual({ ...CONFIRMED, order: ORDER });
  });

  test("a confirmation stored before orders were kept (no order field) still reads, without an order", () => {
    const storage = memoryStorage();
    const { order: _, ...older } = CONFIRMED;
    storage.setItem(CONFIRMED_ORDER_KEY, JSON.stringify(older));
    expect(readConfirmedOrder(storage)).toEqual({ ...CONFIRMED, order: null });
  });

  test.each([
    ["lines that are not a list", { ...ORDER, products: "burger" }],
    ["a line without a name", { ...ORDER, products: [{ ...ORDER.products[0], name: undefined }] }],
    [
      "a choice without a price",
      { ...ORDER, products: [{ ...ORDER.products[0], choices: [{ name: "Bacon", amount: 1 }] }] },
    ],
    ["a total that is text", { ...ORDER, totalAmount: "94,50" }],
    ["a time that is no time", { ...ORDER, orderReadyTime: "soon" }],
    ["payments missing", { ...ORDER, payments: undefined }],
  ])("an order with %s reads as no order, the rest of the confirmation stays", (_, order) => {
    const storage = memoryStorage();
    storage.setItem(CONFIRMED_ORDER_KEY, JSON.stringify({ ...CONFIRMED, order }));
    expect(readConfirmedOrder(storage)).toEqual({ ...CONFIRMED, order: null });
  });

  test.each([
    ["nothing", null],
    ["not JSON", "{"],
    ["JSON null", "null"],
    ["no checkout id", JSON.stringify({ orderId: "o-1" })],
  ])("%s reads as none", (_, text) => {
    const storage = memoryStorage();
    if (text !== null) storage.setItem(CONFIRMED_ORDER_KEY, text);
    expect(readConfirmedOrder(storage)).toBeNull();
  });

  test("storage that throws is as good as none", () => {
    const broken = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => saveConfirmedOrder(CONFIRMED, broken)).not.toThrow();
    expect(readConfirmedOrder(broken)).toBeNull();
    expect(() => forgetConfirmedOrder(broken)).not.toThrow();
  });
});

describe("what the confirmation shows (settings)", () => {
  test.each([
    ["external", CONFIRMED, "A-1001"],
    ["receipt", CONFIRMED, "1001"],
    ["external", { ...CONFIRMED, externalId: null }, null],
    ["receipt", { ...CONFIRMED, receiptNumber: null }, null],
  ] as const)("orderIdType %s gives %s", (type, confirmed, number) => {
    expect(orderNumberOf(confirmed, type)).toBe(number);
  });

  test.each([
    ["sms", CONFIRMED, { key: "ConfirmationPage.ReceiptSms", values: { phone: "20304050" } }],
    ["email", CONFIRMED, { key: "ConfirmationPage.ReceiptEmail", values: { email: "mette@example.dk" } }],
    ["none", CONFIRMED, null],
    ["sms", { ...CONFIRMED, phone: null }, null],
    ["email", { ...CONFIRMED, email: null }, null],
  ] as const)("receiptType %s", (type, confirmed, note) => {
    expect(receiptNoteOf(confirmed, type)).toEqual(note);
  });
});

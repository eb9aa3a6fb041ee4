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

import { describe, expect, test } from "vitest";
import { anOrder, BAG_FEE_ITEM } from "../../testing/order-fixtures";
import { orderReceiptOf, readyTimeText } from "./order-receipt";

const BAG = BAG_FEE_ITEM;
const COPENHAGEN = "Europe/Copenhagen";

describe("the confirmation's receipt from the order", () => {
  test("every food line keeps its amount, total and choices; the bag is not one of them", () => {
    const receipt = orderReceiptOf(anOrder(), BAG);
    expect(receipt.lines).toEqual([
      {
        name: "Classic burger",
        amount: 1,
        total: 113.5,
        choices: [
          { name: "Pommes frites", amount: 1, price: 0 },
          { name: "Bacon", amount: 2, price: 24.5 },
        ],
      },
      { name: "Coca-Cola", amount: 2, total: 60, choices: [] },
    ]);
  });

  test("the bag-fee item's line is a fee, and the items total is the food without it", () => {
    const receipt = orderReceiptOf(anOrder(), BAG);
    expect(receipt.fees).toEqual([{ name: "Pose", amount: 1, total: 4 }]);
    expect(receipt.itemsTotal).toBe(173.5);
    expect(receipt.total).toBe(177.5);
  });

  test("without a bag-fee item in the settings every line is food", () => {
    const receipt = orderReceiptOf(anOrder(), null);
    expect(receipt.fees).toEqual([]);
    expect(receipt.lines).toHaveLength(3);
    expect(receipt.itemsTotal).toBe(177.5);
  });

  test("pay at pickup: nothing paid yet, the whole total is to pay at the counter", () => {
    const receipt = orderReceiptOf(anOrder(), BAG);
    expect(receipt.paid).toEqual([]);
    expect(receipt.toPayAtPickup).toBe(177.5);
  });

  test("paid online with a discount: the card paid the total, nothing is left", () => {
    const receipt = orderReceiptOf(
      anOrder({
        discounts: [{ code: "SOMMER10", amount: 17.75 }],
        totalAmount: 159.75,
        payments: [{ paymentId: "p-2", amount: 159.75, type: 0, method: "card", state: 128, isTest: true }],
      }),
      BAG,
    );
    expect(receipt.discounts).toEqual([{ code: "SOMMER10", amount: 17.75 }]);
    expect(receipt.total).toBe(159.75);
    expect(receipt.paid).toEqual([{ method: "card", amount: 159.75, isTest: true }]);
    expect(receipt.toPayAtPickup).toBe(0);
  });

  test("a gift card and pay at pickup together: the card first, the rest at the counter", () => {
    const receipt = orderReceiptOf(
      anOrder({
        payments: [
          { paymentId: "p-3", amount: 77.5, type: 2, method: "pickup", state: 128, isTest: false },
          { paymentId: "p-4", amount: 100, type: 1, method: "giftcard", state: 128, isTest: false },
        ],
      }),
      BAG,
    );
    expect(receipt.paid).toEqual([{ method: "giftcard", amount: 100, isTest: false }]);
    expect(receipt.toPayAtPickup).toBe(77.5);
  });

  test("MobilePay is named as MobilePay", () => {
    const receipt = orderReceiptOf(
      anOrder({
        payments: [{ paymentId: "p-5", amount: 177.5, type: 0, method: "mobilepay", state: 128, isTest: false }],
      }),
      BAG,
    );
    expect(receipt.paid).toEqual([{ method: "mobilepay", amount: 177.5, isTest: false }]);
  });

  test("øre are summed as øre: 0.10 + 0.20 of fees leave an exact items total", () => {
    const receipt = orderReceiptOf(
      anOrder({
        products: [
          { productId: 1, name: "Lakrids", amount: 1, price: 0.3, total: 0.3, choices: [] },
          { productId: BAG, name: "Pose", amount: 1, price: 0.1, total: 0.1, choices: [] },
          { productId: BAG, name: "Pose", amount: 2, price: 0.1, total: 0.2, choices: [] },
        ],
        basketTotal: 0.6,
        totalAmount: 0.6,
      }),
      BAG,
    );
    expect(receipt.itemsTotal).toBe(0.3);
  });

  test("delivery: its address, its fee and the delivery time", () => {
    const receipt = orderReceiptOf(
      anOrder({
        delivery: { address: "Vestergade 1", zipCode: "2200", fee: 39, deliveryTime: "2026-11-23T17:00:00.000Z" },
        orderReadyTime: "2026-11-23T17:00:00.000Z",
        deliveryFee: 39,
        totalAmount: 216.5,
      }),
      BAG,
    );
    expect(receipt.fulfilment).toBe("delivery");
    expect(receipt.deliveryAddress).toBe("Vestergade 1, 2200");
    expect(receipt.deliveryFee).toBe(39);
    expect(receipt.readyTime).toBe("2026-11-23T17:00:00.000Z");
  });

  test("pickup has no address and no delivery fee", () => {
    const receipt = orderReceiptOf(anOrder(), BAG);
    expect(receipt.fulfilment).toBe("pickup");
    expect(receipt.deliveryAddress).toBeNull();
    expect(receipt.deliveryFee).toBe(0);
  });
});

describe("when the order is ready, on the restaurant's clock", () => {
  const monday = new Date("2026-11-23T10:00:00Z"); // 11:00 in Copenhagen

  test("today: only the time", () => {
    expect(readyTimeText("2026-11-23T11:30:00Z", monday, COPENHAGEN, "da-DK")).toEqual({
      day: { kind: "today" },
      time: "12:30",
    });
  });

  test("tomorrow, by the restaurant's date: 23:30 UTC is already Tuesday in Copenhagen", () => {
    expect(readyTimeText("2026-11-23T23:30:00Z", monday, COPENHAGEN, "en-US")).toEqual({
      day: { kind: "tomorrow" },
      time: "00:30",
    });
  });

  test("later: the date in the guest's language", () => {
    const danish = readyTimeText("2026-11-27T11:00:00Z", monday, COPENHAGEN, "da-DK");
    expect(danish.time).toBe("12:00");
    // ICU versions differ on Danish's "den": Node's writes "fredag 27. november", some browsers "fredag den 27. november".
    expect(danish.day).toEqual({ kind: "date", text: expect.stringMatching(/^Fredag (den )?27\. november$/) });
    expect(readyTimeText("2026-11-27T11:00:00Z", monday, COPENHAGEN, "en-US").day).toEqual({
      kind: "date",
      text: "Friday, November 27",
    });
  });
});

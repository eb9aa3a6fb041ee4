import type { Order } from "@app/contracts";

/** The bag-fee item's product id in the orders below (the shop's bagFeeItem setting). */
export const BAG_FEE_ITEM = 90;

/**
 * An order as GET /order/{id} answers it: a burger with two choices, two colas and the bag, paid at pickup,
 * ready at 12:30 on 23 November 2026 in Copenhagen. `overrides` replace whole fields.
 */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: "o-1",
    checkoutId: "c-1",
    products: [
      {
        productId: 11,
        name: "Classic burger",
        amount: 1,
        price: 113.5,
        total: 113.5,
        choices: [
          { choiceId: 1, name: "Pommes frites", amount: 1, price: 0 },
          { choiceId: 2, name: "Bacon", amount: 2, price: 24.5 },
        ],
      },
      { productId: 21, name: "Coca-Cola", amount: 2, price: 30, total: 60, choices: [] },
      { productId: BAG_FEE_ITEM, name: "Pose", amount: 1, price: 4, total: 4, choices: [] },
    ],
    delivery: null,
    orderReadyTime: "2026-11-23T11:30:00.000Z",
    discounts: [],
    basketTotal: 177.5,
    deliveryFee: 0,
    totalAmount: 177.5,
    payments: [{ paymentId: "p-1", amount: 177.5, type: 2, method: "pickup", state: 128, isTest: false }],
    receipt: { number: 1001 },
    externalId: "A-1001",
    createdUtc: "2026-11-23T10:00:00.000Z",
    kitchenStatus: "new",
    // The kitchen's time is the guest's until staff move it.
    readyTime: overrides.orderReadyTime ?? "2026-11-23T11:30:00.000Z",
    rejectReason: null,
    ...overrides,
  };
}

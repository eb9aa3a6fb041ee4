/** For the order screen's tests: an order as the server answers it, changed where a test says. */
import type { AdminOrder } from "@app/contracts";

export function adminOrder(change: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
    productionUnitId: 1,
    receiptNumber: 1001,
    externalId: "A-1001",
    kitchenStatus: "new",
    version: 1,
    orderReadyTime: "2026-11-29T12:00:00.000Z",
    readyTime: "2026-11-29T12:00:00.000Z",
    openedAt: null,
    changedUtc: "2026-11-29T11:30:00.000Z",
    createdUtc: "2026-11-29T11:30:00.000Z",
    guest: { name: "Anna", phone: null, email: null },
    comment: null,
    delivery: null,
    lines: [],
    discounts: [],
    total: 100,
    payments: [],
    toCollect: 100,
    rejection: null,
    refundedInFull: false,
    ...change,
  };
}

/**
 * Test helpers of the kitchen: orders placed through the guest's API (pay at pickup, card, gift card), and the
 * back-office calls on them as a given actor.
 */
import { schema } from "@app/db";
import { asc, eq } from "@app/db/orm";
import { expect } from "vitest";
import type { AdminActor, AdminActors } from "../../testing/admin-actors";
import { type FixtureOptions, pay, preparedCheckout, pressTestButton } from "../../testing/order-fixtures";
import type { TestApp } from "../../testing/test-app";

export type PaidBy = "pickup" | "card" | "giftcard";

/** Places an order of restaurant A paid so; answers its id. */
export async function placeOrder(t: TestApp, paidBy: PaidBy = "pickup", options: FixtureOptions = {}): Promise<string> {
  const { checkoutId } = await preparedCheckout(t, t.restaurantA, options);
  const res = await pay(t, checkoutId, { paymentMethods: paidBy === "pickup" ? "pickup" : "card" });
  expect(res.statusCode, res.body).toBe(200);
  if (paidBy === "card" && !options.giftcards) {
    expect((await pressTestButton(t, res.json().id, "approve")).statusCode).toBe(303);
  }
  const [checkout] = await t.db.select().from(schema.checkout).where(eq(schema.checkout.id, checkoutId));
  expect(checkout?.orderId, "the order was placed").toBeTruthy();
  return checkout!.orderId!;
}

/** The back office's order calls as an actor. */
export function kitchenCalls(t: TestApp, actors: AdminActors) {
  const post = (actor: AdminActor, orderId: string, action: string, payload?: object) =>
    t.request(actors.as(actor, { method: "POST", url: `/api/admin/orders/${orderId}/${action}`, payload }));
  const get = (actor: AdminActor, url: string) => t.request(actors.as(actor, { method: "GET", url }));
  return {
    post,
    get,
    queue: (actor: AdminActor, query = "") =>
      get(actor, `/api/admin/restaurants/${actors.restaurantAId}/orders${query ? `?${query}` : ""}`),
    order: (actor: AdminActor, orderId: string) => get(actor, `/api/admin/orders/${orderId}`),
  };
}

/** The restaurant's events about the order, oldest first. */
export async function eventsOf(t: TestApp, orderId: string) {
  const rows = await t.db.select().from(schema.restaurantEvent).orderBy(asc(schema.restaurantEvent.seq));
  return rows.filter((row) => row.data.orderId === orderId);
}

/** The guest's messages about the order (the receipt and the kitchen's). */
export async function guestMessagesOf(t: TestApp, orderId: string) {
  return t.db.select().from(schema.receiptMessage).where(eq(schema.receiptMessage.orderId, orderId));
}

/**
 * The kitchen's services with the after-commit kicks doing nothing: as if the process died right after each
 * commit, so the refund and message outboxes' rows wait for the next run.
 */
export function depsDyingAfterCommit(t: TestApp) {
  return {
    db: t.db,
    now: t.clock.now,
    refunds: { kick: () => {}, drain: async () => {}, deliverDue: async () => ({ refunded: 0, failed: 0 }) },
    receipts: { kick: () => {}, drain: async () => {}, deliverDue: async () => ({ sent: 0, failed: 0 }) },
  };
}

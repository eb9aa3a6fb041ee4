/**
 * What the confirmation page says about the kitchen's progress (issue 44): received → accepted, ready at HH:MM →
 * ready for pickup; or rejected with the reason and that the money is on its way back. Pure: the order as
 * GET /order/{id} answers it, and the restaurant's time zone.
 */
import type { KitchenStatus, Order, RejectReason } from "@app/contracts";
import { formatHhMm, localParts } from "@app/domain";

/** The confirmation reads the order again this often while the kitchen is still at work. */
export const PROGRESS_POLL_MS = 2_000;

/** The three steps a guest sees ticked off; a rejected order shows none. */
export const PROGRESS_STEPS = ["received", "accepted", "ready"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export type ProgressView = {
  status: KitchenStatus;
  /** The step reached (picked up counts as ready); null when rejected. */
  step: ProgressStep | null;
  /** The translation key of the sentence, and its values. */
  key: string;
  values: Record<string, string>;
  /** Whether the sentence is about bad news (rejected): shown as an alert colour. */
  tone: "info" | "done" | "problem";
};

/** Picked up or rejected: nothing more will happen, so nothing more is read. */
export function isFinished(order: Pick<Order, "kitchenStatus"> | null | undefined): boolean {
  return order?.kitchenStatus === "picked-up" || order?.kitchenStatus === "rejected";
}

const REASON_KEYS: Record<RejectReason, string> = {
  "sold-out": "OrderProgress.Reason.SoldOut",
  closed: "OrderProgress.Reason.Closed",
  "too-busy": "OrderProgress.Reason.TooBusy",
  other: "OrderProgress.Reason.Other",
};

/**
 * The sentence for the order's status. `reason` is already translated by the caller (a key of REASON_KEYS via
 * reasonKeyOf); an order from before the kitchen status existed (no kitchenStatus) reads as received.
 */
export function progressView(order: Order, timeZone: string): ProgressView {
  const status: KitchenStatus = order.kitchenStatus ?? "new";
  switch (status) {
    case "new":
      return { status, step: "received", key: "OrderProgress.Received", values: {}, tone: "info" };
    case "accepted":
      return {
        status,
        step: "accepted",
        key: "OrderProgress.Accepted",
        values: { time: clockTime(order.readyTime ?? order.orderReadyTime, timeZone) },
        tone: "info",
      };
    case "ready":
      return { status, step: "ready", key: "OrderProgress.Ready", values: {}, tone: "done" };
    case "picked-up":
      return { status, step: "ready", key: "OrderProgress.PickedUp", values: {}, tone: "done" };
    case "rejected":
      return {
        status,
        step: null,
        key: paidSomething(order) ? "OrderProgress.RejectedRefund" : "OrderProgress.RejectedUnpaid",
        values: {},
        tone: "problem",
      };
  }
}

/** The translation key of the reason an order was rejected. */
export function reasonKeyOf(order: Pick<Order, "rejectReason">): string {
  return REASON_KEYS[order.rejectReason ?? "other"];
}

/** Whether any money was taken (online or a gift card): only then is money on its way back. */
function paidSomething(order: Pick<Order, "payments">): boolean {
  return order.payments.some((payment) => payment.method !== "pickup" && payment.amount > 0);
}

/** HH:MM on the restaurant's clock. */
function clockTime(instant: string, timeZone: string): string {
  return formatHhMm(localParts(new Date(instant), timeZone).minutesOfDay);
}

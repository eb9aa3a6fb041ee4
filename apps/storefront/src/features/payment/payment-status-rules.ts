/**
 * What the pages after the hosted payment step decide (SPEC §4), without React or I/O: which view a payment
 * state shows, and what the order page does with the checkout it reads.
 */
import { CheckoutState, isAuthorizedState, PaymentState } from "@app/domain";

/** SPEC §9: payment and checkout polling every 2 s. */
export const POLL_INTERVAL_MS = 2000;
/** SPEC §9: the authorized page stays 3 s (the guest reads "completed") before the order page. */
export const AUTHORIZED_REDIRECT_MS = 3000;

export type PaymentView = "created" | "authorized" | "cancelled" | "failed";

/** SPEC §4: any state above FAILED counts as authorized; a state we do not know is still waiting. */
export function paymentView(state: number): PaymentView {
  if (isAuthorizedState(state)) return "authorized";
  if (state === PaymentState.FAILED) return "failed";
  if (state === PaymentState.CANCELLED) return "cancelled";
  return "created";
}

const TITLE_KEYS: Record<PaymentView, string> = {
  created: "PaymentPage.Title.Created",
  authorized: "PaymentPage.Title.Authorized",
  cancelled: "PaymentPage.Title.Cancelled",
  failed: "PaymentPage.Title.Failed",
};
const MESSAGE_KEYS: Record<PaymentView, string> = {
  created: "PaymentPage.Message.Created",
  authorized: "PaymentPage.Message.Authorized",
  cancelled: "PaymentPage.Message.Cancelled",
  // The way back is named in the message too: to the checkout, where everything entered is kept.
  failed: "PaymentRecovery.FailedMessage",
};

export const paymentTitleKey = (view: PaymentView): string => TITLE_KEYS[view];
/**
 * The message under the title. A created payment the guest can reopen (it has a payment page) says so: back
 * from the provider's page without finishing, "we are waiting" alone leaves the guest with nothing to do.
 */
export function paymentMessageKey(view: PaymentView, canReopen = false): string {
  if (view === "created" && canReopen) return "PaymentRecovery.CreatedMessage";
  return MESSAGE_KEYS[view];
}

/** What the order page does next: wait for the server, finalize itself, or stop. */
export type OrderStep = "poll" | "finalize" | "done" | "error";

type CheckoutStatus = { state: number; payment: { paymentId: string } | null };

/**
 * SPEC §4 on the first read of the checkout. With a payment the server places the order itself once the
 * payment settles, so the page only waits for it. Without one, a checkout that is already DONE is not an
 * order this visit placed (someone else finished it): an error, not a confirmation.
 */
export function firstOrderStep(checkout: CheckoutStatus): OrderStep {
  if (checkout.payment) return pollStep(checkout.state);
  if (checkout.state === CheckoutState.DONE || checkout.state === CheckoutState.ERROR) return "error";
  return "finalize";
}

/** While waiting: DONE is the order, ERROR the end (the payment was given back), anything else waits on. */
export function pollStep(state: number): OrderStep {
  if (state === CheckoutState.DONE) return "done";
  if (state === CheckoutState.ERROR) return "error";
  return "poll";
}

/** SPEC §4: a finalize must leave the checkout DONE; any other state is an error. */
export function finalizedStep(state: number): OrderStep {
  return state === CheckoutState.DONE ? "done" : "error";
}

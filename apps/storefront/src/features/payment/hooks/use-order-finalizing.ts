import type { Checkout, Order } from "@app/contracts";
import { useEffect, useRef, useState } from "react";
import { errorStatusOf } from "../../../lib/api-client";
import { type ConfirmedOrder, confirmedOrderOf } from "../confirmation-storage";
import { finalizedStep, firstOrderStep, type OrderStep, POLL_INTERVAL_MS, pollStep } from "../payment-status-rules";

/** The checkout calls the order page makes; the route hands in the checkout feature's. */
export type OrderFinalizingApi = {
  getCheckout(checkoutId: string): Promise<Checkout>;
  finalizeCheckout(checkoutId: string): Promise<Checkout>;
  /** The order, its products and choices named in `language` (the guest's). */
  getOrder(orderId: string, language?: string): Promise<Order>;
};

export type OrderFinalizing =
  | { status: "working" }
  | { status: "done"; confirmed: ConfirmedOrder }
  | { status: "error"; error: unknown };

/** The checkout ended in a state that is not an order (SPEC §4): ERROR, or DONE without a payment. */
export class OrderNotPlacedError extends Error {
  readonly checkoutState: number;
  constructor(checkoutState: number) {
    super(`The checkout ended in state ${checkoutState}, not an order`);
    this.name = "OrderNotPlacedError";
    this.checkoutState = checkoutState;
  }
}

/**
 * The address names a checkout the shop does not know (a mistyped, cut-off or old link): the API answers the
 * read with 404, or 400 for an id that is not one. Nothing failed: the page is not there.
 */
export class UnknownCheckoutError extends Error {
  constructor(checkoutId: string) {
    super(`No checkout ${checkoutId}`);
    this.name = "UnknownCheckoutError";
  }
}

/** Reads the checkout; an unknown one becomes UnknownCheckoutError. */
async function readCheckout(api: OrderFinalizingApi, checkoutId: string): Promise<Checkout> {
  try {
    return await api.getCheckout(checkoutId);
  } catch (error) {
    const status = errorStatusOf(error);
    throw status === 404 || status === 400 ? new UnknownCheckoutError(checkoutId) : error;
  }
}

/**
 * SPEC §4's order page: read the checkout; with a payment wait (every 2 s) for the server to place the order,
 * without one finalize it here and require DONE. The order itself is read for its number; the order is
 * placed even when that read fails, so the guest still gets the confirmation (without the number) and
 * `onOrderUnread` hears of it.
 */
export function useOrderFinalizing(
  checkoutId: string,
  api: OrderFinalizingApi,
  onOrderUnread: (error: unknown) => void,
  language?: string,
): OrderFinalizing {
  const [state, setState] = useState<OrderFinalizing>({ status: "working" });
  // Only reports: a new function each render must not start the order over, so it is read, not depended on.
  const unread = useRef(onOrderUnread);
  unread.current = onOrderUnread;
  // The guest's language when the order is read; a switch meanwhile does not start the order over.
  const languageNow = useRef(language);
  languageNow.current = language;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = async (checkout: Checkout) => {
      const confirmed = await confirmationOf(
        api,
        checkout,
        languageNow.current,
        (error) => !stopped && unread.current(error),
      );
      if (!stopped) setState({ status: "done", confirmed });
    };
    const follow = async (step: OrderStep, checkout: Checkout): Promise<void> => {
      if (stopped) return;
      if (step === "done") return finish(checkout);
      if (step === "error") throw new OrderNotPlacedError(checkout.state);
      if (step === "poll") {
        timer = setTimeout(
          () =>
            void attempt(
              () => readCheckout(api, checkoutId),
              (next) => pollStep(next.state),
            ),
          POLL_INTERVAL_MS,
        );
        return;
      }
      const finalized = await api.finalizeCheckout(checkoutId);
      if (!stopped) await follow(finalizedStep(finalized.state), finalized);
    };
    const attempt = async (load: () => Promise<Checkout>, decide: (checkout: Checkout) => OrderStep) => {
      try {
        const checkout = await load();
        if (!stopped) await follow(decide(checkout), checkout);
      } catch (error) {
        if (!stopped) setState({ status: "error", error });
      }
    };

    void attempt(
      () => readCheckout(api, checkoutId),
      (checkout) => firstOrderStep(checkout),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [checkoutId, api]);

  return state;
}

/** The placed order as the confirmation shows it; without its number when the order cannot be read. */
async function confirmationOf(
  api: OrderFinalizingApi,
  checkout: Checkout,
  language: string | undefined,
  onUnread: (error: unknown) => void,
) {
  let order: Order | null = null;
  if (checkout.orderId) {
    try {
      order = await api.getOrder(checkout.orderId, language);
    } catch (error) {
      onUnread(error);
    }
  }
  return confirmedOrderOf(checkout, order);
}

import type { Payment } from "@app/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorStatusOf } from "../../../lib/api-client";
import { POLL_INTERVAL_MS, paymentView } from "../payment-status-rules";

/** The two payment calls the page makes; the route hands in the checkout feature's. */
export type PaymentStatusApi = {
  getPayment(checkoutId: string): Promise<Payment>;
  cancelPayment(paymentId: string): Promise<Payment>;
};

export type PaymentStatusState =
  | { status: "loading" }
  | { status: "ready"; payment: Payment }
  /** 404: the checkout has no payment (none started, or not this shop's): nothing to wait for. */
  | { status: "missing" }
  /** Any other failed read or cancel: the error page. */
  | { status: "error"; error: unknown };

export type PaymentStatus = {
  state: PaymentStatusState;
  cancelling: boolean;
  /** Cancels the waiting payment; true when it no longer waits. Ignored without a waiting payment, and joins a running cancel. */
  cancel: () => Promise<boolean>;
};

/** 409 ALREADY_PAID: the payment settled while the guest pressed cancel; the next read shows it. */
const CONFLICT = 409;
const NOT_FOUND = 404;

/**
 * The checkout's payment, read again every 2 s while it is CREATED (SPEC §4) and not after: the guest is
 * finishing it on the provider's page or a terminal. A cancel stops the reading while it runs, so an
 * answer already on its way cannot show "created" over the cancelled payment.
 */
export function usePaymentStatus(checkoutId: string, api: PaymentStatusApi): PaymentStatus {
  const [state, setState] = useState<PaymentStatusState>({ status: "loading" });
  const [cancelling, setCancelling] = useState(false);
  const watch = useRef<PaymentWatch | null>(null);

  useEffect(() => {
    const current = createPaymentWatch(checkoutId, api, setState, setCancelling);
    watch.current = current;
    current.start();
    return () => {
      current.dispose();
      if (watch.current === current) watch.current = null;
    };
  }, [checkoutId, api]);

  const cancel = useCallback(() => watch.current?.cancel() ?? Promise.resolve(false), []);
  return { state, cancelling, cancel };
}

type PaymentWatch = { start: () => void; cancel: () => Promise<boolean>; dispose: () => void };

function createPaymentWatch(
  checkoutId: string,
  api: PaymentStatusApi,
  publish: (state: PaymentStatusState) => void,
  publishCancelling: (cancelling: boolean) => void,
): PaymentWatch {
  let disposed = false;
  // Each start() bumps the generation: an answer of an older round is dropped instead of shown.
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let payment: Payment | null = null;
  let running: Promise<boolean> | null = null;

  const show = (next: PaymentStatusState) => {
    if (disposed) return;
    payment = next.status === "ready" ? next.payment : payment;
    publish(next);
  };
  const stop = () => {
    generation += 1;
    clearTimeout(timer);
  };
  const read = async (round: number) => {
    try {
      const answer = await api.getPayment(checkoutId);
      if (round !== generation || disposed) return;
      show({ status: "ready", payment: answer });
      if (paymentView(answer.state) === "created") timer = setTimeout(() => void read(round), POLL_INTERVAL_MS);
    } catch (error) {
      if (round !== generation || disposed) return;
      show(errorStatusOf(error) === NOT_FOUND ? { status: "missing" } : { status: "error", error });
    }
  };
  const start = () => {
    stop();
    void read(generation);
  };

  const cancel = (): Promise<boolean> => {
    if (running) return running;
    const waiting = payment;
    if (disposed || !waiting || paymentView(waiting.state) !== "created") return Promise.resolve(false);
    stop();
    publishCancelling(true);
    const restart = () => {
      if (!disposed) start();
    };
    running = cancelRound(api, waiting, show, restart).finally(() => {
      running = null;
      if (!disposed) publishCancelling(false);
    });
    return running;
  };

  return {
    start,
    cancel,
    dispose: () => {
      disposed = true;
      stop();
    },
  };
}

/**
 * One cancel: the answer is shown; a payment still waiting (or one paid meanwhile, 409) is watched again. True
 * when the payment no longer waits.
 */
async function cancelRound(
  api: PaymentStatusApi,
  waiting: Payment,
  show: (state: PaymentStatusState) => void,
  restart: () => void,
): Promise<boolean> {
  try {
    const answer = await api.cancelPayment(waiting.id);
    show({ status: "ready", payment: answer });
    const stillWaiting = paymentView(answer.state) === "created";
    if (stillWaiting) restart();
    return !stillWaiting;
  } catch (error) {
    if (errorStatusOf(error) === CONFLICT) restart();
    else show({ status: "error", error });
    return false;
  }
}

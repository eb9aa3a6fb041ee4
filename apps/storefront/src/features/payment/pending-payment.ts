/**
 * The payment the guest could still cancel (CREATED), for the header's logo (SPEC §2: on a payment page the
 * logo first cancels the payment). The payment page registers it while it waits and takes it away when it
 * stops waiting or unmounts; the header only asks. A module-level slot: there is one page, one payment.
 */
export type PendingPayment = {
  paymentId: string;
  /** Cancels the payment (or joins the cancel already running); true when it is no longer waiting. */
  cancel: () => Promise<boolean>;
};

let pending: PendingPayment | null = null;

/** Registers the waiting payment; the returned function takes it away again (only if still the same one). */
export function registerPendingPayment(payment: PendingPayment): () => void {
  pending = payment;
  return () => {
    if (pending === payment) pending = null;
  };
}

export function pendingPayment(): PendingPayment | null {
  return pending;
}

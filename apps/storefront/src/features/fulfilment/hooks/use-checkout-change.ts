import type { Checkout } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { useFulfilmentPage } from "../fulfilment-page";

/** One change being saved: what the guest chose, and the request already sent for it. */
type Change<T> = { value: T; request: Promise<Checkout> };

/**
 * A change saved on the checkout, then put in the session once the server took it, so the session never holds
 * a date or time the server does not. `mutate`'s own callbacks do not run once the section has left the page
 * (the guest switched back to pickup): the switch owns the session and the checkout then.
 *
 * The request is sent in the guest's event itself, not a few microtasks later when the mutation runs its
 * function: the mutation follows the request it is given (its pending state, its error, its callbacks).
 */
export function useCheckoutChange<T>(save: (checkoutId: string, value: T) => Promise<Checkout>) {
  const { checkout, setCheckout } = useFulfilmentPage();
  const mutation = useMutation({ mutationFn: ({ request }: Change<T>) => request });
  // The choice being saved, shown at once: the mutation's own state reaches the page a task later (TanStack
  // Query batches its notifications), and a radio the guest just picked must not spring back meanwhile.
  const [pending, setPending] = useState<T | null>(null);
  const change = (value: T, saved: () => void, failed?: (error: Error) => void) => {
    const request = save(checkout.id, value);
    // Handled by the mutation; this keeps a refusal that arrives before it looks from counting as unhandled.
    request.catch(() => undefined);
    setPending(value);
    mutation.mutate(
      { value, request },
      {
        onSuccess: (answered) => {
          setCheckout(answered);
          saved();
        },
        onError: failed,
        onSettled: () => setPending(null),
      },
    );
  };
  return { change, pending, error: mutation.error, reset: mutation.reset };
}

/** Enter in a field runs `action` (and never submits a form around the page). */
export function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    action();
  };
}

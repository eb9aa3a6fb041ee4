import { useSyncExternalStore } from "react";
import type { CheckoutSession, CheckoutSessionAction } from "../checkout-session";
import type { CheckoutSessionStore } from "../checkout-session-store";

/** The session as React state: re-renders on each change; `dispatch` sends one of the session's actions. */
export function useCheckoutSession(
  store: CheckoutSessionStore,
): [CheckoutSession, (action: CheckoutSessionAction) => void] {
  const session = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return [session, store.dispatch];
}

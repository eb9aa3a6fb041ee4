/**
 * The checkout session as a small external store for `useSyncExternalStore`: the reducer's state, saved
 * to storage after every change so a reload or a declined payment keeps what the guest entered. No React
 * here. The caller loads the first state (loadCheckoutSession with the restaurant's today), because only it
 * knows the restaurant's time zone.
 */
import { type CheckoutSession, type CheckoutSessionAction, checkoutSessionReducer } from "./checkout-session";
import { type SessionStorage, saveCheckoutSession } from "./checkout-session-storage";

export type CheckoutSessionStore = {
  getSnapshot(): CheckoutSession;
  subscribe(listener: () => void): () => void;
  dispatch(action: CheckoutSessionAction): void;
};

export function createCheckoutSessionStore(
  initial: CheckoutSession,
  storage: SessionStorage | undefined,
): CheckoutSessionStore {
  let session = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = checkoutSessionReducer(session, action);
      // An action that changes nothing (the method already chosen) neither saves nor re-renders.
      if (next === session) return;
      session = next;
      saveCheckoutSession(session, storage);
      for (const listener of listeners) listener();
    },
  };
}

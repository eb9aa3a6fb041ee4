import { useState } from "react";
import { browserStorage } from "../../../lib/browser-storage";
import { todayIn } from "../checkout-session";
import { loadCheckoutSession } from "../checkout-session-storage";
import { createCheckoutSessionStore } from "../checkout-session-store";
import { useCheckoutSession } from "./use-checkout-session";

/**
 * The guest's checkout session from local storage, for the restaurant's today (read once, when the page's form
 * starts): the store, for the form that places the order, and the session and its dispatch, for the sections.
 */
export function useCheckoutSessionStore(timeZone: string, now: () => Date) {
  const [today] = useState(() => todayIn(timeZone, now()));
  const [store] = useState(() => {
    const storage = browserStorage();
    return createCheckoutSessionStore(loadCheckoutSession(storage, today), storage);
  });
  const [session, dispatch] = useCheckoutSession(store);
  return { store, session, dispatch, today };
}

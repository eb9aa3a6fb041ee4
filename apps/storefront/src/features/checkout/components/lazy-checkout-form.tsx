import { lazy } from "react";

/**
 * The checkout form (its sections, rules and styles) as a chunk of its own: the page's heading, cart and
 * skeleton paint without waiting for it to download and run (the heading is /checkout's largest paint).
 */
const loadCheckoutForm = () => import("./checkout-form").then((module) => ({ default: module.CheckoutForm }));

export const LazyCheckoutForm = lazy(loadCheckoutForm);

/**
 * Starts the form's download before it is rendered (once the page has painted, while the checkout starts).
 * A failure is left to the render's own import, whose error reaches the route's error boundary.
 */
export function preloadCheckoutForm(): void {
  loadCheckoutForm().catch(() => undefined);
}

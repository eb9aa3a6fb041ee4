import type { Checkout } from "@app/contracts";
import { useCallback, useEffect, useState } from "react";
import { afterNextPaint } from "../../../lib/after-next-paint";
import { type CheckoutStartArgs, type StartCheckoutDeps, startCheckout } from "../start-checkout";

export type CheckoutStart =
  | { status: "starting"; checkout: null }
  | { status: "ready"; checkout: Checkout }
  | { status: "failed"; checkout: null; error: unknown };

/**
 * The page's checkout (SPEC §4 checkout start) once the basket is known; the form keeps the answers of the
 * calls after that. `restart` starts again, e.g. after the checkout was paid or closed in another tab.
 * `args` null: no basket to check out (empty), nothing is started.
 */
export function useCheckoutStart(args: CheckoutStartArgs | null, deps: StartCheckoutDeps) {
  const [state, setState] = useState<CheckoutStart>({ status: "starting", checkout: null });
  const [attempt, setAttempt] = useState(0);
  const { checkoutInstanceId, moduleId, basketId } = args ?? {};

  // deps are the page's calls and storage, stable for its lifetime; `attempt` changes to start again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (checkoutInstanceId === undefined || moduleId === undefined || basketId === undefined) return;
    let current = true;
    setState({ status: "starting", checkout: null });
    // After the page's first paint: a request that ends before it would count on its critical chain in
    // Lighthouse's estimate, and the page paints the same without the checkout (lib/after-next-paint.ts).
    const cancel = afterNextPaint(() =>
      startCheckout({ checkoutInstanceId, moduleId, basketId }, deps).then(
        (checkout) => current && setState({ status: "ready", checkout }),
        (error: unknown) => current && setState({ status: "failed", checkout: null, error }),
      ),
    );
    return () => {
      current = false;
      cancel();
    };
  }, [checkoutInstanceId, moduleId, basketId, attempt]);

  const restart = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, restart };
}

import type { Basket, Checkout } from "@app/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { CheckoutApi } from "../api";

/** The page's checkout in the form's query client: one entry per checkout. */
const checkoutKey = (checkoutId: string) => ["checkout", checkoutId] as const;

type PageCheckoutArgs = {
  /** The checkout as the start answered it: the entry's first value, no read on arrival. */
  started: Checkout;
  basket: Basket;
  api: Pick<CheckoutApi, "getCheckout">;
};

/**
 * The server's checkout as last answered, for the whole form. A write's answer replaces it (`setCheckout`);
 * `readAgain` reads it again, keeping the figures shown meanwhile and when the read fails. The basket's figures
 * are the server's: each new basket (a changed line, the bag fee coming or going) reads it again.
 */
export function usePageCheckout({ started, basket, api }: PageCheckoutArgs) {
  const queryClient = useQueryClient();
  const checkoutId = started.id;
  const { data } = useQuery({
    queryKey: checkoutKey(checkoutId),
    queryFn: () => api.getCheckout(checkoutId),
    initialData: started,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setCheckout = useCallback(
    (checkout: Checkout) => queryClient.setQueryData(checkoutKey(checkoutId), checkout),
    [queryClient, checkoutId],
  );
  const readAgain = useCallback(
    () => queryClient.invalidateQueries({ queryKey: checkoutKey(checkoutId) }),
    [queryClient, checkoutId],
  );
  useOnNewBasket(basket, readAgain);
  return { checkout: data, setCheckout, readAgain };
}

/** Runs `readAgain` for each basket after the first (the basket store hands a new object for each change). */
function useOnNewBasket(basket: Basket, readAgain: () => Promise<void>) {
  const seen = useRef(basket);
  useEffect(() => {
    if (seen.current === basket) return;
    seen.current = basket;
    void readAgain();
  }, [basket, readAgain]);
}

import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { BasketColumn, ExpandedCart, prefetchBasketViews, useBasket } from "../features/basket";
import type { Shop } from "../features/shop";
import { afterNextPaint } from "../lib/after-next-paint";
import { errorPagePath } from "../lib/error-page";
import { appErrorEvent, reportEvent } from "../lib/telemetry";

/**
 * SPEC §2: continue goes to /precheckout when a precheckout category is set and the guest is not there
 * yet, else to /checkout.
 */
export function continuePath(precheckoutCategory: number | null, pathname: string): string {
  return precheckoutCategory !== null && pathname !== "/precheckout" ? "/precheckout" : "/checkout";
}

export type BasketControls = {
  /** The minicart's and the basket bar's action: the expanded cart, or straight on with it switched off (SPEC §2). */
  open: () => void;
  /** Go on to pay: /precheckout or /checkout (SPEC §2's continue rule). */
  goToCheckout: () => void;
  /** What the basket buttons open: "cart" (the expanded cart) or "checkout" (showExpandedCart off). */
  action: "cart" | "checkout";
  /** The expanded cart, rendered once by the layout; it loads on the first open (or a prefetch). */
  cart: ReactNode;
};

/**
 * The basket's controls the layout places (the header's minicart, the phone's basket bar, the desktop's
 * column) and the expanded cart they open. A failed basket action sends the guest to the error page
 * (SPEC §4). `active` is false where the layout shows no basket; the error rule then waits.
 */
export function useBasketControls(shop: Shop | null | undefined, active: boolean): BasketControls {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The expanded cart's chunk is fetched on first use, then it stays rendered (closed) for the next open.
  const [cartWanted, setCartWanted] = useState(false);
  const { status, error } = useBasket();
  const showExpandedCart = shop?.settings.showExpandedCart ?? false;
  const precheckoutCategory = shop?.settings.precheckoutCategory ?? null;
  const bagFeeItem = shop?.settings.bagFeeItem ?? null;

  useEffect(() => {
    if (!active || status !== "error") return;
    reportEvent({ ...appErrorEvent(error, window.location.pathname), name: "ShopError" });
    navigate(errorPagePath(error));
  }, [active, status, error, navigate]);

  // An idle moment after the first paint: the cart is then at hand before the first tap.
  useEffect(() => {
    if (!active || !showExpandedCart) return;
    return afterNextPaint(() => whenIdle(prefetchBasketViews));
  }, [active, showExpandedCart]);

  const goToCheckout = () => {
    setOpen(false);
    navigate(continuePath(precheckoutCategory, pathname));
  };
  return {
    open: () => {
      if (!showExpandedCart) {
        navigate(continuePath(precheckoutCategory, pathname));
        return;
      }
      setCartWanted(true);
      setOpen(true);
    },
    goToCheckout,
    action: showExpandedCart ? "cart" : "checkout",
    cart:
      showExpandedCart && cartWanted ? (
        <Suspense fallback={null}>
          <ExpandedCart open={open} bagFeeItem={bagFeeItem} onClose={() => setOpen(false)} onContinue={goToCheckout} />
        </Suspense>
      ) : null,
  };
}

/** The desktop's basket column beside the menu: lines, total and checkout, in a chunk of its own. */
export function BasketColumnSlot({ shop, onContinue }: { shop: Shop; onContinue: () => void }) {
  return (
    <aside className="basket-column" aria-labelledby="basket-column-title">
      <Suspense fallback={<div className="basket-column-loading skeleton" />}>
        <BasketColumn bagFeeItem={shop.settings.bagFeeItem} onContinue={onContinue} />
      </Suspense>
    </aside>
  );
}

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

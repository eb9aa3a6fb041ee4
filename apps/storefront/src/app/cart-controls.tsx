import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ExpandedCart, MinicartButton, useBasket } from "../features/basket";
import type { Shop } from "../features/shop";
import { errorPagePath } from "../lib/error-page";
import { appErrorEvent, reportEvent } from "../lib/telemetry";

/**
 * SPEC §2: continue goes to /precheckout when a precheckout category is set and the guest is not there
 * yet, else to /checkout.
 */
export function continuePath(precheckoutCategory: number | null, pathname: string): string {
  return precheckoutCategory !== null && pathname !== "/precheckout" ? "/precheckout" : "/checkout";
}

/**
 * The header's minicart and the expanded cart it opens; with showExpandedCart off the button goes
 * straight to /checkout (SPEC §2). A failed basket action sends the guest to the error page (SPEC §4).
 */
export function CartControls({ shop }: { shop: Shop }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const { status, error } = useBasket();
  const { showExpandedCart, precheckoutCategory, bagFeeItem } = shop.settings;

  useEffect(() => {
    if (status !== "error") return;
    reportEvent({ ...appErrorEvent(error, window.location.pathname), name: "ShopError" });
    navigate(errorPagePath(error));
  }, [status, error, navigate]);

  return (
    <>
      <MinicartButton
        bagFeeItem={bagFeeItem}
        onOpen={() => (showExpandedCart ? setOpen(true) : navigate("/checkout"))}
      />
      {showExpandedCart ? (
        <ExpandedCart
          open={open}
          bagFeeItem={bagFeeItem}
          onClose={() => setOpen(false)}
          onContinue={() => {
            setOpen(false);
            navigate(continuePath(precheckoutCategory, pathname));
          }}
        />
      ) : null}
    </>
  );
}

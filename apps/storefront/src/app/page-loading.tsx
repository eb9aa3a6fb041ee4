import { Suspense, use, useLayoutEffect } from "react";
import { useLocation } from "react-router";
import { MenuSkeleton } from "../features/menu";
import { type Shop, TestModeBand } from "../features/shop";
import { applyBrandColour } from "../lib/brand-colour";
import { CheckoutHeading } from "./routes/checkout-heading";
import { SkipLink } from "./skip-link";

/**
 * Shown while the first loaders run (the app start): the shape of the page, not a blank screen. The checkout
 * waits for its own code and reads before it can show its form; meanwhile, once the shop has started, its
 * frame shows as the page will (layout.tsx: no header on /checkout), so the guest sees at once where they are
 * and the heading does not move when the form arrives below it.
 */
export function PageLoading({ checkoutShop }: { checkoutShop: () => Promise<Shop | null> }) {
  const { pathname } = useLocation();
  if (pathname !== "/checkout") return <PageSkeleton />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <CheckoutFrame shop={checkoutShop()} />
    </Suspense>
  );
}

function PageSkeleton() {
  return (
    <div className="page-loading" aria-busy="true">
      <div className="skeleton page-loading-header" />
      <div className="page">
        <MenuSkeleton layout="grid" />
      </div>
    </div>
  );
}

/** The checkout's top as Layout and CheckoutPage draw it, or the skeleton when a redirect rule applies. */
function CheckoutFrame({ shop: started }: { shop: Promise<Shop | null> }) {
  const shop = use(started);
  useLayoutEffect(() => applyBrandColour(document.documentElement, shop?.settings.primaryColor ?? null), [shop]);
  if (!shop) return <PageSkeleton />;
  return (
    <>
      <SkipLink />
      <TestModeBand shop={shop} />
      <div className="shell-body">
        <main className="page" id="main" tabIndex={-1} aria-busy="true">
          <div className="checkout">
            <CheckoutHeading />
            <div className="checkout-skeleton">
              <div className="skeleton" />
              <div className="skeleton" />
              <div className="skeleton" />
            </div>
          </div>
        </main>
      </div>
    </>
  );
}

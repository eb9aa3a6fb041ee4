import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner";
import { isLoggedIn } from "../features/auth";
import type { Shop } from "../features/shop";
import { applyBrandColour } from "../lib/brand-colour";
import { CartControls } from "./cart-controls";
import { Header } from "./header";
import { useInactivityPause } from "./inactivity";
import { useScrollToTopOnNavigation } from "./navigation-effects";
import { PauseScreen } from "./pause-screen";

/**
 * Pages where the guest is paying, waiting for the order or reading its confirmation: no pause screen over
 * them, and no basket to change (the basket being paid is locked, and after the order it is gone).
 */
const ORDER_UNDER_WAY = /^\/(payment|order|confirmation)\b/;

/** The frame of every shop page (SPEC §2 Layout): header, the page, the pause screen and the loading spinner. */
export function Layout() {
  const shop = useRouteLoaderData("root") as Shop | null | undefined;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useScrollToTopOnNavigation();
  useLayoutEffect(() => applyBrandColour(document.documentElement, shop?.settings.primaryColor ?? null), [shop]);
  const { paused, resume } = useInactivityPause(!!shop?.settings.pauseWhenIdle && !ORDER_UNDER_WAY.test(pathname));
  // SPEC §2: on /checkout the basket, sidebar and header are hidden (the page has its own way back).
  const isCheckout = pathname === "/checkout";
  if (!shop) return <Outlet />;
  return (
    <>
      {isCheckout ? null : (
        <Header
          restaurantName={shop.productionUnit.name}
          logo={shop.settings.logo}
          smileyUrl={shop.settings.smileyUrl}
          // Before the session login there is nothing to order, so no basket either.
          cart={
            isLoggedIn(shop.module.productionUnitId) && !ORDER_UNDER_WAY.test(pathname) ? (
              <CartControls shop={shop} />
            ) : null
          }
        />
      )}
      <main className="page" id="main">
        <Outlet />
      </main>
      {navigation.state === "loading" ? <DelayedSpinner label={t("Spinner.Loading")} /> : null}
      {paused ? (
        <PauseScreen logo={shop.settings.logo} restaurantName={shop.productionUnit.name} onStart={resume} />
      ) : null}
    </>
  );
}

/** The full-page spinner, shown only when a page takes a moment: a quick navigation never flashes it. */
function DelayedSpinner({ label }: { label: string }) {
  return (
    <div className="delayed-spinner">
      <FullPageSpinner label={label} />
    </div>
  );
}

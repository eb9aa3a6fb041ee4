import { lazy, Suspense, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { FullPageSpinner } from "../components/ui/spinner";
import { hasPassedLoginGate } from "../features/auth";
import {
  AddedToast,
  BasketBar,
  isBasketEmpty,
  MinicartButton,
  prefetchBasketViews,
  useBasket,
} from "../features/basket";
import { HoursTodayProvider, OrderingNotice, type Shop, TestModeBand } from "../features/shop";
import { applyBrandColour } from "../lib/brand-colour";
import { useMediaQuery } from "../lib/use-media-query";
import { BasketColumnSlot, useBasketControls } from "./cart-controls";
import { Header } from "./header";
import { useInactivityPause } from "./inactivity";
import { useFocusOnNavigation, useScrollToTopOnNavigation } from "./navigation-effects";
import { SkipLink } from "./skip-link";

/** Shown after two idle minutes only: loaded then, not with the page. */
const PauseScreen = lazy(() => import("./pause-screen").then((module) => ({ default: module.PauseScreen })));

/**
 * Pages where the guest is paying, waiting for the order or reading its confirmation: no pause screen over
 * them, and no basket to change (the basket being paid is locked, and after the order it is gone).
 */
const ORDER_UNDER_WAY = /^\/(payment|order|confirmation)\b/;
/** The menu's pages, where a desktop shows the basket as a column beside the products. */
const MENU_PAGE = /^\/menu\//;
/** From this width the basket is a column beside the menu; below it, a bar at the bottom (styles.css). */
export const WIDE_LAYOUT = "(min-width: 68.75rem)";

/**
 * The frame of every shop page (SPEC §2 Layout): the skip link, header, the page, the basket (a bar on a
 * phone, a column beside the menu on a desktop, and the "added" confirmation), the pause screen and the
 * loading spinner.
 */
export function Layout() {
  const shop = useRouteLoaderData("root") as Shop | null | undefined;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useScrollToTopOnNavigation();
  useFocusOnNavigation();
  useLayoutEffect(() => applyBrandColour(document.documentElement, shop?.settings.primaryColor ?? null), [shop]);
  const { paused, resume } = useInactivityPause(!!shop?.settings.pauseWhenIdle && !ORDER_UNDER_WAY.test(pathname));
  // SPEC §2: on /checkout the basket, sidebar and header are hidden (the page has its own way back).
  const isCheckout = pathname === "/checkout";
  const passedGate = shop ? hasPassedLoginGate(shop.settings.requireLogin, shop.module.productionUnitId) : false;
  // Before the session login there is nothing to order, so no basket either. Nor while the restaurant is closed
  // until further notice: every way on from the basket leads back to the closed front page, which lists a basket
  // filled before it closed itself (KeptBasket), untouched.
  const ordersClosed = shop?.settings.showClosedFrontpageMessage ?? false;
  const basketShown = Boolean(shop) && passedGate && !ordersClosed && !isCheckout && !ORDER_UNDER_WAY.test(pathname);
  const wide = useMediaQuery(WIDE_LAYOUT);
  const basket = useBasketControls(shop, basketShown);
  // The bar shows only while the basket holds something (BasketBar): until then nothing covers the bottom
  // of the window, and the option panel's Add button sticks to the very bottom, not 4.5rem above it.
  const { basket: basketContent } = useBasket();
  const barShown = basketShown && !isBasketEmpty(basketContent, shop?.settings.bagFeeItem ?? null);
  if (!shop) return <Outlet />;
  const columnShown = basketShown && wide && MENU_PAGE.test(pathname);
  const { bagFeeItem } = shop.settings;
  const header = isCheckout ? null : (
    <Header
      restaurantName={shop.productionUnit.name}
      logo={shop.settings.logo}
      smileyUrl={shop.settings.smileyUrl}
      cart={
        basketShown ? (
          <>
            <MinicartButton bagFeeItem={bagFeeItem} onOpen={basket.open} onIntent={prefetchBasketViews} />
            {/*
             * In the header, so "Added: …" hangs right under it, wherever the header is (basket.css). Beside the
             * basket column it would lie over the column's heading: the column shows it in a place of its own.
             */}
            {columnShown ? null : <AddedToast />}
          </>
        ) : null
      }
    />
  );
  // The login form is the gate's only content: its first field is the first Tab stop, before the header's
  // language button (styles.css shows the header on top all the same). Nothing to skip, so no skip link.
  const loginGate = !passedGate && pathname === "/";
  const main = (
    <main className={barShown ? "page page-above-basket-bar" : "page"} id="main" tabIndex={-1}>
      {basketShown ? <OrderingNotice /> : null}
      <Outlet />
    </main>
  );
  // Today's hours are read again on the pages that can say a pause (the notice, the front page's band, the
  // checkout): not behind the login, not while an order is being paid or made.
  const hoursLive = passedGate && !ORDER_UNDER_WAY.test(pathname);
  return (
    <HoursTodayProvider shop={shop} live={hoursLive}>
      {loginGate ? null : <SkipLink />}
      <TestModeBand shop={shop} />
      {loginGate ? (
        <div className="login-gate">
          {main}
          {header}
        </div>
      ) : (
        <>
          {header}
          <div className={columnShown ? "shell-body shell-body-with-basket" : "shell-body"}>
            {main}
            {columnShown ? <BasketColumnSlot shop={shop} onContinue={basket.goToCheckout} /> : null}
          </div>
        </>
      )}
      {basketShown ? (
        <BasketBar bagFeeItem={bagFeeItem} action={basket.action} onOpen={basket.open} onIntent={prefetchBasketViews} />
      ) : null}
      {basket.cart}
      {navigation.state === "loading" ? <DelayedSpinner label={t("Spinner.Loading")} /> : null}
      {paused ? (
        <Suspense fallback={null}>
          <PauseScreen logo={shop.settings.logo} restaurantName={shop.productionUnit.name} onStart={resume} />
        </Suspense>
      ) : null}
    </HoursTodayProvider>
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

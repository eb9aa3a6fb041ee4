import type { InstanceSetting, Terms } from "@app/contracts";
import { type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import type { AppState, Shop } from "../features/shop";
import { Layout } from "./layout";
import { PageLoading } from "./page-loading";
import { isInternetExplorer, type RouteGate, redirectFor } from "./redirect-rules";
import { FrontPage, type FrontPageData } from "./routes/front-page";
import { RouteErrorBoundary } from "./routes/route-error-boundary";
import { passedLoginGate, type ShopDataDeps, shownCategories } from "./shop-data";
import { StatusFrame } from "./status-frame";

export type RouterDeps = ShopDataDeps & {
  /**
   * GET /instancesetting/{id}: the checkout instance's settings (future dates, discounts, gift cards). Tests
   * give a fake; left out, the checkout page's chunk calls the API (the first load does not carry it).
   */
  checkoutInstance?: (instanceId: number) => Promise<InstanceSetting>;
  userAgent: () => string;
  /** Messages for pages shown without a started shop (status pages). */
  ensureLanguage: () => Promise<void>;
  onLoginAttempt: (attempt: { username: string; password: string }) => void;
  /** GET /terms/{moduleId} (the /terms page). Tests give a fake; left out, the page's chunk calls the API. */
  terms?: (moduleId: number) => Promise<Terms | null>;
};

/** The routes of SPEC §2. Pages past the front page are code-split: the first load carries only `/`. */
export function createRoutes(deps: RouterDeps): RouteObject[] {
  let checkoutShop: Promise<Shop | null> | undefined;
  const loading = () => <PageLoading checkoutShop={() => (checkoutShop ??= checkoutFrameShop(deps))} />;
  // The status pages keep the restaurant's brand when the shop has started; off the first load (status-pages.tsx).
  const statusRoute = (path: string, page: "NotFoundPage" | "ErrorPage" | "MaintenancePage"): RouteObject => ({
    path,
    lazy: async () => {
      const pages = await import("./routes/status-pages");
      const Page = pages[page];
      return {
        Component: () => (
          <StatusFrame>
            <Page />
          </StatusFrame>
        ),
        loader: () => pages.statusPageLoader(deps),
      };
    },
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: loading,
  });
  return [
    {
      id: "root",
      path: "/",
      loader: (args) => shopLoader(args, deps),
      // The login, maintenance and closed rules are checked on every navigation, not only the first.
      shouldRevalidate: () => true,
      element: <Layout />,
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: loading,
      children: shopRoutes(deps),
    },
    statusRoute("/notfound", "NotFoundPage"),
    statusRoute("/error", "ErrorPage"),
    statusRoute("/maintenance", "MaintenancePage"),
    {
      // Outside the shop's layout and login gate: guests read the terms before they log in or pay.
      path: "/terms",
      lazy: async () => {
        const { TermsPage, termsPageLoader } = await import("./routes/terms-page");
        return {
          Component: () => (
            <StatusFrame>
              <TermsPage />
            </StatusFrame>
          ),
          loader: () => termsPageLoader(deps),
        };
      },
      errorElement: <RouteErrorBoundary />,
      HydrateFallback: loading,
    },
    { path: "*", loader: () => redirect("/notfound"), Component: () => null, HydrateFallback: loading },
  ];
}

/** Every page of the shop: the redirects of SPEC §2 first, then the basket loaded for the page. */
async function shopLoader({ request }: LoaderFunctionArgs, deps: RouterDeps) {
  const [state, downNow] = await Promise.all([deps.appState(), deps.maintenanceNow?.() ?? false]);
  const url = new URL(request.url);
  const target = redirectFor(url.pathname, url.search, shopGate(state, downNow, deps));
  if (target) throw redirect(target);
  const shop = state.status === "ready" ? state.shop : null;
  if (shop) await deps.loadBasket();
  return shop;
}

/** The started shop when /checkout will show (no redirect rule sends the guest elsewhere), else null. */
async function checkoutFrameShop(deps: RouterDeps): Promise<Shop | null> {
  const state = await deps.appState();
  if (state.status !== "ready" || redirectFor("/checkout", "", shopGate(state, false, deps)) !== null) return null;
  return state.shop;
}

/** What SPEC §2's redirect rules look at, for the started app and the maintenance flag read now. */
export function shopGate(
  state: AppState,
  downNow: boolean,
  deps: Pick<RouterDeps, "userAgent" | "isLoggedIn">,
): RouteGate {
  const shop = state.status === "ready" ? state.shop : undefined;
  return {
    status: state.status,
    traceId: state.status === "error" ? state.traceId : undefined,
    unsupportedBrowser: isInternetExplorer(deps.userAgent()),
    isDownForMaintenance: (shop?.isDownForMaintenance ?? false) || downNow,
    showClosedFrontpageMessage: shop?.settings.showClosedFrontpageMessage ?? false,
    startCategory: shop?.settings.startCategory ?? null,
    requireLogin: shop?.settings.requireLogin ?? true,
    loggedIn: shop ? deps.isLoggedIn(shop.module.productionUnitId) : false,
  };
}

async function frontPageLoader(deps: RouterDeps): Promise<FrontPageData | null> {
  const state = await deps.appState();
  if (state.status !== "ready") return null; // the shop loader redirects
  const { module, settings } = state.shop;
  if (!passedLoginGate(state.shop, deps)) return { view: "login", productionUnitId: module.productionUnitId };
  if (settings.showClosedFrontpageMessage) return { view: "closed" };
  const catalogue = await deps.catalogue(state.shop);
  return { view: "tiles", categories: shownCategories(state.shop, catalogue, deps.now()) };
}

/** The shop's pages under `/`: the front page in the first load, the others lazily. */
function shopRoutes(deps: RouterDeps): RouteObject[] {
  return [
    {
      index: true,
      loader: () => frontPageLoader(deps),
      shouldRevalidate: () => true,
      element: <FrontPage onLoginAttempt={deps.onLoginAttempt} />,
    },
    {
      path: "menu/:categoryId",
      lazy: async () => {
        const { MenuPage, menuPageLoader } = await import("./routes/menu-page");
        return { Component: MenuPage, loader: (args: LoaderFunctionArgs) => menuPageLoader(args, deps) };
      },
    },
    {
      path: "precheckout",
      lazy: async () => {
        const { PrecheckoutPage, precheckoutPageLoader } = await import("./routes/precheckout-page");
        return { Component: PrecheckoutPage, loader: () => precheckoutPageLoader(deps) };
      },
    },
    {
      path: "checkout",
      lazy: async () => {
        const { CheckoutPage, checkoutPageLoader } = await import("./routes/checkout-page");
        return { Component: CheckoutPage, loader: () => checkoutPageLoader(deps) };
      },
    },
    { path: "payment/:checkoutId", lazy: () => import("./routes/payment-page") },
    { path: "order/:checkoutId", lazy: () => import("./routes/order-page") },
    { path: "confirmation", lazy: () => import("./routes/confirmation-page") },
  ];
}

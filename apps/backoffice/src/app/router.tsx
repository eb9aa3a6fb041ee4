import { createBrowserRouter, type LoaderFunctionArgs, redirect } from "react-router";
import { AuditPage } from "../features/audit";
import { ForgotPasswordPage, LinkPage, SignInPage } from "../features/auth";
import { DiscountCodesPage, GiftcardsPage } from "../features/codes";
import { EndOfDayPage, FiguresPage } from "../features/figures";
import { HoursRoute } from "../features/hours";
import { MenuEditorRoutes } from "../features/menu";
import { OrderPage } from "../features/order-page";
import { PaymentsPage } from "../features/payments";
import {
  BrandSection,
  CreateRestaurantPage,
  DashboardPage,
  DetailsSection,
  RestaurantLayout,
  SettingsSection,
  TermsSection,
} from "../features/restaurants";
import { StaffPage } from "../features/staff";
import { isUnauthorized } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { meQuery } from "../lib/session";
import { HydrateFallback, NotFoundPage, RouteError } from "./not-found";
import { type PageHandle, Shell } from "./shell";
import { KitchenRoute, OrdersRoute } from "./staff-screens";

/** The back office's own path under the server (vite.config.ts `base`). */
export const BASENAME = "/admin";

/** Every page but the public ones needs a session: without one, the sign-in page, which comes back here after. */
async function requireSession({ request }: LoaderFunctionArgs) {
  try {
    await queryClient.ensureQueryData(meQuery);
    return null;
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    const url = new URL(request.url);
    const back = url.pathname.slice(BASENAME.length) + url.search;
    throw redirect(back && back !== "/" ? `/sign-in?next=${encodeURIComponent(back)}` : "/sign-in");
  }
}

export const router = createBrowserRouter(
  [
    {
      element: <Shell signedIn={false} />,
      errorElement: <RouteError />,
      children: [
        { path: "sign-in", element: <SignInPage /> },
        { path: "forgot-password", element: <ForgotPasswordPage /> },
        { path: "link/:token", element: <LinkPage /> },
      ],
    },
    {
      element: <Shell signedIn />,
      loader: requireSession,
      // While the first page checks the session: the frame's place, quietly (no flash of a half page).
      hydrateFallbackElement: <HydrateFallback />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: "organisations/:organisationId/restaurants/new", element: <CreateRestaurantPage /> },
        { path: "organisations/:organisationId/staff", element: <StaffPage /> },
        { path: "organisations/:organisationId/payments", element: <PaymentsPage /> },
        // Beside the restaurant's settings, not under them: staff open the orders, only managers the settings.
        {
          path: "restaurants/:restaurantId/orders",
          element: <OrdersRoute />,
          handle: { width: "wide" } satisfies PageHandle,
        },
        { path: "restaurants/:restaurantId/orders/:orderId", element: <OrderPage /> },
        {
          path: "restaurants/:restaurantId",
          element: <RestaurantLayout />,
          children: [
            { index: true, element: <DetailsSection /> },
            { path: "brand", element: <BrandSection /> },
            { path: "settings", element: <SettingsSection /> },
            { path: "terms", element: <TermsSection /> },
            { path: "figures", element: <FiguresPage /> },
            { path: "figures/end-of-day", element: <EndOfDayPage /> },
            { path: "discount-codes", element: <DiscountCodesPage /> },
            { path: "giftcards", element: <GiftcardsPage /> },
            { path: "hours", element: <HoursRoute /> },
            { path: "menu/*", element: <MenuEditorRoutes /> },
          ],
        },
        // Every role of the restaurant (outside its settings' layout, which is for managers).
        {
          path: "restaurants/:restaurantId/kitchen",
          element: <KitchenRoute />,
          handle: { width: "full" } satisfies PageHandle,
        },
        { path: "audit", element: <AuditPage /> },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: BASENAME },
);

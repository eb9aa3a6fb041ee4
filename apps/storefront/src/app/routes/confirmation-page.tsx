import type { Order } from "@app/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { redirect, useLoaderData, useRouteLoaderData } from "react-router";
import { basketStore } from "../../features/basket";
import {
  type ConfirmedOrder,
  forgetConfirmedOrder,
  OrderConfirmation,
  OrderProgress,
  readConfirmedOrder,
  useOrderProgress,
} from "../../features/payment";
import { phoneHref, phoneText, type Shop } from "../../features/shop";
import { usePageTitle } from "../page-title";

/** Nothing to confirm (never ordered in this tab, or already back at the start): the front page. */
export function loader(): ConfirmedOrder | Response {
  return readConfirmedOrder() ?? redirect("/");
}

export type ConfirmationPageProps = {
  /** Clears the order (SPEC §4): basket, checkout id, payment and checkout session in local storage. */
  clearOrder?: () => Promise<void>;
  /** Reads the order (GET /order/{id}) in the guest's language; a test hands in its own. */
  readOrder?: (orderId: string, language: string) => Promise<Order>;
};

/**
 * /confirmation (SPEC §2): the order placed on the order page, shown from session storage (so a reload still
 * shows it) while the order itself is cleared: the next visit starts a new basket.
 */
export function ConfirmationPage(props: ConfirmationPageProps) {
  // The page's own client: the order's reads live as long as the page (and the query library stays in this lazy chunk).
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Confirmation {...props} />
    </QueryClientProvider>
  );
}

function Confirmation({ clearOrder = () => basketStore.clear(), readOrder }: ConfirmationPageProps) {
  const confirmed = useLoaderData() as ConfirmedOrder;
  const shop = useRouteLoaderData("root") as Shop | null;
  // The kitchen's progress, live (issue 44): the receipt's ready time follows it too.
  const order = useOrderProgress(confirmed.orderId, confirmed.order, readOrder);
  // Clearing twice (a reload, StrictMode) is harmless: it only empties what is already empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on showing; a new clearOrder prop is not a new order
  useEffect(() => {
    void clearOrder();
  }, []);
  if (!shop) return null; // the root loader redirects before a page without a started shop shows
  return (
    <OrderConfirmation
      confirmed={{ ...confirmed, order }}
      progress={order ? <OrderProgress order={order} timeZone={shop.productionUnit.timeZone} /> : null}
      restaurant={shop.productionUnit}
      restaurantPhone={{ text: phoneText(shop.productionUnit.phone), href: phoneHref(shop.productionUnit.phone) }}
      settings={shop.settings}
      useTitle={usePageTitle}
      onBackToStart={() => forgetConfirmedOrder()}
    />
  );
}

export function Component() {
  return <ConfirmationPage />;
}

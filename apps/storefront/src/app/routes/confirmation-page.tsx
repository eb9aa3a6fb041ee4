import { useEffect } from "react";
import { redirect, useLoaderData, useRouteLoaderData } from "react-router";
import { basketStore } from "../../features/basket";
import {
  type ConfirmedOrder,
  forgetConfirmedOrder,
  OrderConfirmation,
  readConfirmedOrder,
} from "../../features/payment";
import type { Shop } from "../../features/shop";
import { usePageTitle } from "../page-title";

/** Nothing to confirm (never ordered in this tab, or already back at the start): the front page. */
export function loader(): ConfirmedOrder | Response {
  return readConfirmedOrder() ?? redirect("/");
}

export type ConfirmationPageProps = {
  /** Clears the order (SPEC §4): basket, checkout id, payment and checkout session in local storage. */
  clearOrder?: () => Promise<void>;
};

/**
 * /confirmation (SPEC §2): the order placed on the order page, shown from session storage (so a reload still
 * shows it) while the order itself is cleared: the next visit starts a new basket.
 */
export function ConfirmationPage({ clearOrder = () => basketStore.clear() }: ConfirmationPageProps) {
  const confirmed = useLoaderData() as ConfirmedOrder;
  const shop = useRouteLoaderData("root") as Shop | null;
  // Clearing twice (a reload, StrictMode) is harmless: it only empties what is already empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on showing; a new clearOrder prop is not a new order
  useEffect(() => {
    void clearOrder();
  }, []);
  if (!shop) return null; // the root loader redirects before a page without a started shop shows
  return (
    <OrderConfirmation
      confirmed={confirmed}
      restaurant={shop.productionUnit}
      settings={shop.settings}
      useTitle={usePageTitle}
      onBackToStart={() => forgetConfirmedOrder()}
    />
  );
}

export function Component() {
  return <ConfirmationPage />;
}

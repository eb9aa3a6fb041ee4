import type { TelemetryEvent } from "@app/contracts";
import { useParams } from "react-router";
import { checkoutApi } from "../../features/checkout";
import { type OrderFinalizingApi, OrderProcessing, paymentApi } from "../../features/payment";
import { usePageTitle } from "../page-title";

/** Placing the order reads the checkout (the checkout feature's call) and finalizes it (the payment feature's). */
const ORDER_CALLS: OrderFinalizingApi = { ...paymentApi, getCheckout: checkoutApi.getCheckout };

/**
 * /order/:checkoutId (SPEC §2): the spinner page that places the order, with the payment and checkout calls; a
 * test hands in fakes through `api` and `report`.
 */
export function OrderPage({
  api = ORDER_CALLS,
  report,
}: {
  api?: OrderFinalizingApi;
  report?: (event: TelemetryEvent) => void;
}) {
  const { checkoutId = "" } = useParams();
  return <OrderProcessing key={checkoutId} checkoutId={checkoutId} api={api} report={report} useTitle={usePageTitle} />;
}

export function Component() {
  return <OrderPage />;
}

import type { TelemetryEvent } from "@app/contracts";
import { useParams } from "react-router";
import { checkoutApi } from "../../features/checkout";
import { type OrderFinalizingApi, OrderProcessing } from "../../features/payment-status";
import { usePageTitle } from "../page-title";

/**
 * /order/:checkoutId (SPEC §2): the spinner page that places the order, with the checkout feature's calls; a
 * test hands in fakes through `api` and `report`.
 */
export function OrderPage({
  api = checkoutApi,
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

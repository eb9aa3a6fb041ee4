import type { TelemetryEvent } from "@app/contracts";
import { useParams } from "react-router";
import { checkoutApi } from "../../features/checkout";
import { type PaymentStatusApi, PaymentStatusPanel } from "../../features/payment-status";
import { usePageTitle } from "../page-title";

/**
 * /payment/:checkoutId (SPEC §2): the payment status page, with the checkout feature's calls; a test hands in
 * fakes through `api` and `report`.
 */
export function PaymentPage({
  api = checkoutApi,
  report,
}: {
  api?: PaymentStatusApi;
  report?: (event: TelemetryEvent) => void;
}) {
  const { checkoutId = "" } = useParams();
  // A new checkout id is a new payment: start over rather than carry the old one's state.
  return (
    <PaymentStatusPanel key={checkoutId} checkoutId={checkoutId} api={api} report={report} useTitle={usePageTitle} />
  );
}

export function Component() {
  return <PaymentPage />;
}

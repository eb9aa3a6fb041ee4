import type { TelemetryEvent } from "@app/contracts";
import { useParams } from "react-router";
import { type PaymentStatusApi, PaymentStatusPanel, paymentApi } from "../../features/payment";
import { usePageTitle } from "../page-title";

/**
 * /payment/:checkoutId (SPEC §2): the payment status page, with the payment feature's calls; a test hands in
 * fakes through `api` and `report`.
 */
export function PaymentPage({
  api = paymentApi,
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

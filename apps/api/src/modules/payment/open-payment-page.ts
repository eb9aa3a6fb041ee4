/**
 * GET /payment/{id}/open: the link a guest gets as `paymentUrl` for a waiting online payment. It records
 * that the guest opened the payment (opened_at, once) and sends the browser on (303) to the provider's
 * hosted page, whatever the provider and wherever its page lives (ours for the test provider, the
 * provider's own site for a real one). A payment whose link is not followed within
 * PAYMENT_PAGE_OPEN_MINUTES is cancelled by the sweeper and its holds given back
 * (docs/decisions/025-unpaid-holds-are-limited.md), so a script that starts payments and never opens
 * them holds slots and code uses for minutes, not PAYMENT_EXPIRY_MINUTES.
 *
 * The one write is a conditional update of one column of a waiting payment (decision 024 lists it as an
 * exception to "reads only read"): repeating the request writes nothing more. A payment that is no
 * longer waiting (paid, cancelled, expired) sends the guest back to the shop's page, which shows how it ended.
 */
import { PaymentState } from "@app/domain";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { apiBaseUrl } from "./api-base-url";
import { findPayment, markPaymentOpened } from "./repository";

export type OpenPaymentPageInput = {
  paymentId: string;
  /** What the public base URL is built from (api-base-url.ts). */
  request: { protocol: "http" | "https"; host: string };
};

/** Where to send the browser: the provider's page of a waiting payment, else the shop's own page. */
export async function openPaymentPage(
  deps: Pick<Deps, "db" | "now" | "config" | "payments">,
  input: OpenPaymentPageInput,
): Promise<string> {
  const found = await findPayment(deps.db, input.paymentId);
  if (!found) throw notFound("Payment");
  const payment = (await markPaymentOpened(deps.db, found.id, deps.now())) ?? (await findPayment(deps.db, found.id));
  const provider = deps.payments.get(found.provider);
  if (payment?.state === PaymentState.CREATED) {
    // The page the provider gave when it created the payment; else (a payment it has not answered for yet) its own.
    if (payment.providerPageUrl) return payment.providerPageUrl;
    const base = await apiBaseUrl(deps, { ...input.request, productionUnitId: payment.productionUnitId });
    const page = provider?.hostedPageUrl(payment, base);
    if (page) return page;
  }
  if (found.continueUrl) return found.continueUrl;
  throw notFound("Payment page");
}

import type { Payment } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /payment/cancel: cancels a waiting (CREATED) payment; the checkout reopens and gift-card money goes
 * back. Cancelling again answers it unchanged; a settled one is 409 ALREADY_PAID.
 */
export function cancelPayment(paymentId: string, client: ApiClient = api): Promise<Payment> {
  return client.send<Payment>("POST", "/payment/cancel", { body: { paymentId } });
}

import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /checkout/{id}/discount: applies a code to the linked basket, replacing any discount applied before.
 * Refusals are 422 Discount.Invalid, Discount.NoValue or DISCOUNT_DISABLED (see discountMessageKey).
 */
export function addDiscount(checkoutId: string, discountCode: string, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/discount`, {
    body: { discountCode },
  });
}

import type { OrderValidation } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/**
 * POST /order/validate?checkoutId=: asks the restaurant whether the order can be placed now, before paying.
 * A refusal is 422 Payment.RestaurantOffline (closed now or at the chosen time), SLOT_FULL or BASKET_EMPTY.
 */
export function validateOrder(
  checkoutId: string,
  productionUnitId: number,
  client: ApiClient = api,
): Promise<OrderValidation> {
  const query = new URLSearchParams({ checkoutId });
  return client.send<OrderValidation>("POST", `/order/validate?${query}`, { body: { productionUnitId } });
}

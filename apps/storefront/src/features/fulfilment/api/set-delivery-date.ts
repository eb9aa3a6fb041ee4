import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** POST /checkout/{id}/delivery/date: one of the delivery dates (YYYY-MM-DD); clears a chosen time. */
export function setDeliveryDate(checkoutId: string, date: string, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/delivery/date`, {
    body: { date },
  });
}

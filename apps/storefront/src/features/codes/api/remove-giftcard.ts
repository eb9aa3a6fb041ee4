import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** DELETE /checkout/{id}/giftcard/{giftcardId} (the id of Checkout.giftcards[]). */
export function removeGiftcard(checkoutId: string, giftcardId: string, client: ApiClient = api): Promise<Checkout> {
  const path = `/checkout/${encodeURIComponent(checkoutId)}/giftcard/${encodeURIComponent(giftcardId)}`;
  return client.send<Checkout>("DELETE", path);
}

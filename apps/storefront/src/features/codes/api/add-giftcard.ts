import type { Checkout } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

export type GiftcardToAdd = {
  giftcardCode: string;
  /** DKK to pay with it; the server caps it at the balance and at the order total. null: as much as possible. */
  amount: number | null;
};

/** POST /checkout/{id}/giftcard: applies the card (the same card again replaces its amount). */
export function addGiftcard(checkoutId: string, giftcard: GiftcardToAdd, client: ApiClient = api): Promise<Checkout> {
  return client.send<Checkout>("POST", `/checkout/${encodeURIComponent(checkoutId)}/giftcard`, { body: giftcard });
}

import type { GiftcardAmount } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** GET /giftcard/{instanceId}/{code}/amount: the card's balance in DKK, a bare number (SPEC §7). */
export function getGiftcardAmount(instanceId: number, code: string, client: ApiClient = api): Promise<GiftcardAmount> {
  const path = `/giftcard/${encodeURIComponent(String(instanceId))}/${encodeURIComponent(code.trim())}/amount`;
  return client.get<GiftcardAmount>(path);
}

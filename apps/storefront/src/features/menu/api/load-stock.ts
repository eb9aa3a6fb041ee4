import type { BlockedChoice, BlockedProduct } from "@app/contracts";
import { type ApiClient, api } from "../../../lib/api-client";

/** What is sold out at the production unit right now (SPEC §2: shown as blocked). */
export type Stock = {
  blockedProductIds: ReadonlySet<number>;
  blockedChoiceIds: ReadonlySet<number>;
};

/**
 * The warehouse's sold-out lists, read on each menu visit (not memoised: sold-out changes during the
 * day). SPEC §8: a failed read is an empty list, so the guest can still order.
 */
export async function loadStock(productionUnitId: number, client: ApiClient = api): Promise<Stock> {
  const [products, choices] = await Promise.all([
    client.request<BlockedProduct[]>("GET", `/blockedProduct?productionUnitId=${productionUnitId}`),
    client.request<BlockedChoice[]>("GET", `/blockedChoice?productionUnitId=${productionUnitId}`),
  ]);
  return {
    blockedProductIds: new Set(products.ok ? products.data.map((blocked) => blocked.productId) : []),
    blockedChoiceIds: new Set(choices.ok ? choices.data.map((blocked) => blocked.choiceId) : []),
  };
}

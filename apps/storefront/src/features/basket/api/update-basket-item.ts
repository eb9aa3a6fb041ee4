import type { Basket, UpdateBasketItem } from "@app/contracts";
import { api } from "../../../lib/api-client";
import { languageQuery } from "./basket-language";

/** PUT /basket/{id}/products/{itemId} with the full item (SPEC §7) and its new amount; answers the whole basket. */
export function updateBasketItem(
  basketId: string,
  itemId: string,
  item: UpdateBasketItem,
  language: string,
): Promise<Basket> {
  const path = `/basket/${encodeURIComponent(basketId)}/products/${encodeURIComponent(itemId)}`;
  return api.send<Basket>("PUT", `${path}?${languageQuery(language)}`, { body: item });
}

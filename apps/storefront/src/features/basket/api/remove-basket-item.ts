import type { Basket } from "@app/contracts";
import { api } from "../../../lib/api-client";
import { languageQuery } from "./basket-language";

/** DELETE /basket/{id}/products/{itemId}; answers the whole basket. */
export function removeBasketItem(basketId: string, itemId: string, language: string): Promise<Basket> {
  const path = `/basket/${encodeURIComponent(basketId)}/products/${encodeURIComponent(itemId)}`;
  return api.send<Basket>("DELETE", `${path}?${languageQuery(language)}`);
}

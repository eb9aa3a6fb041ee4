import type { AddBasketItem, Basket } from "@app/contracts";
import { api } from "../../../lib/api-client";
import { languageQuery } from "./basket-language";

/**
 * POST /basket/{id}/products: the server prices the line itself and merges it into a line of the same
 * product with the same choices; answers the whole basket.
 */
export function addBasketItem(basketId: string, item: AddBasketItem, language: string): Promise<Basket> {
  return api.send<Basket>("POST", `/basket/${encodeURIComponent(basketId)}/products?${languageQuery(language)}`, {
    body: item,
  });
}

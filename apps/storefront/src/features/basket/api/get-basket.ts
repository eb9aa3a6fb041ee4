import type { Basket } from "@app/contracts";
import { api } from "../../../lib/api-client";
import { languageQuery } from "./basket-language";

/** GET /basket/{id}: 404 for an unknown basket, 410 BASKET_EXPIRED after 120 minutes (thrown as ApiError). */
export function getBasket(basketId: string, language: string): Promise<Basket> {
  return api.get<Basket>(`/basket/${encodeURIComponent(basketId)}?${languageQuery(language)}`);
}

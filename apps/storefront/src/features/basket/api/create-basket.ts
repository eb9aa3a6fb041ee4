import type { Basket } from "@app/contracts";
import { api } from "../../../lib/api-client";
import { languageQuery } from "./basket-language";

/** GET /basket creates a new, empty basket for the token's production unit and answers it. */
export function createBasket(language: string): Promise<Basket> {
  return api.get<Basket>(`/basket?${languageQuery(language)}`);
}

import type { Basket, LanguageCode } from "@app/contracts";
import type { BasketDeps } from "./basket-context";
import { newBasketView } from "./basket-view";
import { insertBasket } from "./repository";

/** A new, empty basket of the token's production unit; its id is a random UUID. */
export async function createBasket(
  deps: BasketDeps,
  productionUnitId: number,
  language: LanguageCode,
): Promise<Basket> {
  const basket = await insertBasket(deps.db, productionUnitId, deps.now());
  return newBasketView(basket, language);
}

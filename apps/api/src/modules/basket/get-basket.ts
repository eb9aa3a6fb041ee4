import type { Basket, LanguageCode } from "@app/contracts";
import { requireOpenBasket } from "./basket-access";
import type { BasketDeps } from "./basket-context";
import { loadBasketView } from "./basket-view";

export async function getBasket(
  deps: BasketDeps,
  input: { basketId: string; productionUnitId: number; language: LanguageCode },
): Promise<Basket> {
  const basket = await requireOpenBasket(deps.db, input.basketId, input.productionUnitId, deps.now());
  return loadBasketView(deps.db, basket, input.language);
}

import type { Basket, LanguageCode } from "@app/contracts";
import { notFound } from "../../errors";
import { requireOpenBasket } from "./basket-access";
import type { BasketDeps } from "./basket-context";
import { loadBasketView } from "./basket-view";
import { deleteLine } from "./repository";

/** Removes one line (the bag fee too: bring-own-bag removes it) and answers the basket. */
export async function removeBasketItem(
  deps: BasketDeps,
  input: { basketId: string; itemId: string; productionUnitId: number; language: LanguageCode },
): Promise<Basket> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const basket = await requireOpenBasket(tx, input.basketId, input.productionUnitId, now, true);
    if (!(await deleteLine(tx, basket.id, input.itemId))) throw notFound("Basket item");
    return loadBasketView(tx, basket, input.language);
  });
}

/** Replaces a line's amount and choices (PUT of the full item) and re-prices it on the server. */
import type { Basket, LanguageCode, UpdateBasketItem } from "@app/contracts";
import { conflict, notFound, unprocessable } from "../../errors";
import { findProductionUnit } from "../tenancy";
import { requireOpenBasket } from "./basket-access";
import type { BasketDeps } from "./basket-context";
import { loadBasketView } from "./basket-view";
import { priceBasketLine } from "./price-basket-line";
import { findLine, updateLine } from "./repository";

export type UpdateBasketItemInput = {
  basketId: string;
  itemId: string;
  productionUnitId: number;
  item: UpdateBasketItem;
  language: LanguageCode;
};

export async function updateBasketItem(deps: BasketDeps, input: UpdateBasketItemInput): Promise<Basket> {
  const now = deps.now();
  const { productionUnitId, item } = input;
  return deps.db.transaction(async (tx) => {
    const basket = await requireOpenBasket(tx, input.basketId, productionUnitId, now, true);
    const line = await findLine(tx, basket.id, input.itemId);
    if (!line) throw notFound("Basket item");
    if (line.editingIsDisabled) {
      throw conflict("EDITING_DISABLED", "This line cannot be changed; it can only be removed");
    }
    if (item.productId !== line.productId) {
      throw unprocessable(
        "PRODUCT_MISMATCH",
        "productId must be the line's product; add a new line for another product",
        "productId",
      );
    }
    const unit = await findProductionUnit(tx, productionUnitId);
    if (!unit) throw notFound("Production unit");

    const priced = await priceBasketLine(tx, {
      productionUnitId,
      timeZone: unit.timeZone,
      now,
      productId: line.productId,
      amount: item.amount,
      chosen: item.choices.map(({ modifierId, choiceId, amount }) => ({ modifierId, choiceId, amount })),
    });
    const { productId: _productId, editingIsDisabled: _locked, ...values } = priced.values;
    await updateLine(tx, line.id, values, priced.choices);
    return loadBasketView(tx, basket, input.language);
  });
}

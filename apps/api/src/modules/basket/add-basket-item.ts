/**
 * Adds a product to a basket, priced by the server. The same product with the same choices merges
 * into its existing line (amounts summed, at most MAX_LINE_AMOUNT); another line is added only while
 * the basket has room (MAX_BASKET_LINES, 422 TOO_MANY_LINES); the bag-fee product is kept at most
 * once with amount 1, so adding it again changes nothing.
 */
import { type AddBasketItem, type Basket, type LanguageCode, MAX_LINE_AMOUNT } from "@app/contracts";
import { hasRoomForLine, MAX_BASKET_LINES } from "@app/domain";
import { notFound, unprocessable } from "../../errors";
import { findProductionUnit } from "../tenancy";
import { requireOpenBasket } from "./basket-access";
import type { BasketDeps } from "./basket-context";
import { loadBasketView } from "./basket-view";
import { type ChosenInput, priceBasketLine } from "./price-basket-line";
import { findLinesForAdding, insertLine, updateLine } from "./repository";

export type AddBasketItemInput = {
  basketId: string;
  productionUnitId: number;
  item: AddBasketItem;
  language: LanguageCode;
};

export async function addBasketItem(deps: BasketDeps, input: AddBasketItemInput): Promise<Basket> {
  const now = deps.now();
  const { productionUnitId, item } = input;
  return deps.db.transaction(async (tx) => {
    const basket = await requireOpenBasket(tx, input.basketId, productionUnitId, now, true);
    const unit = await findProductionUnit(tx, productionUnitId);
    if (!unit) throw notFound("Production unit");
    const chosen = item.choices.map(({ modifierId, choiceId, amount }) => ({ modifierId, choiceId, amount }));
    const request = {
      productionUnitId,
      timeZone: unit.timeZone,
      now,
      productId: item.productId,
      chosen,
      offeredOnly: true,
    };

    const priced = await priceBasketLine(tx, { ...request, amount: item.amount });
    const { ofProduct: existing, editableLines } = await findLinesForAdding(tx, basket.id, item.productId);

    if (priced.isBagFee) {
      if (existing.length === 0) await insertLine(tx, basket.id, priced.values, priced.choices);
    } else {
      const match = existing.find((line) => !line.editingIsDisabled && sameChoices(line.choices, chosen));
      if (!match) {
        // The basket row is locked (requireOpenBasket), so two adds cannot both take the last place.
        if (!hasRoomForLine(editableLines)) throw tooManyLines();
        await insertLine(tx, basket.id, priced.values, priced.choices);
      } else {
        const amount = match.amount + item.amount;
        if (amount > MAX_LINE_AMOUNT) {
          throw unprocessable(
            "AMOUNT_TOO_LARGE",
            `The basket already holds ${match.amount} of this product; a line can hold at most ${MAX_LINE_AMOUNT}`,
            "amount",
          );
        }
        const merged = await priceBasketLine(tx, { ...request, amount });
        const { productId: _productId, editingIsDisabled: _locked, ...values } = merged.values;
        await updateLine(tx, match.id, values, merged.choices);
      }
    }
    return loadBasketView(tx, basket, input.language);
  });
}

const tooManyLines = () =>
  unprocessable(
    "TOO_MANY_LINES",
    `A basket can hold at most ${MAX_BASKET_LINES} different lines; add to a line already in the basket or remove one`,
  );

function choicesKey(choices: ChosenInput[]): string {
  return choices
    .map((choice) => `${choice.modifierId}:${choice.choiceId}:${choice.amount}`)
    .sort()
    .join(",");
}

function sameChoices(a: ChosenInput[], b: ChosenInput[]): boolean {
  return choicesKey(a) === choicesKey(b);
}

/** Reads a basket into its JSON answer: DKK prices, names in the asked language, totals. */
import type { Basket, BasketChoice, BasketItem, LanguageCode } from "@app/contracts";
import type { Executor, Translations } from "@app/db";
import { toDkk } from "@app/domain";
import { type BasketRow, findLineChoicesWithNames, findLinesWithNames } from "./repository";

function nameIn(names: Translations | null, language: LanguageCode, stored: string): string {
  return names?.[language] || stored;
}

type Lines = Awaited<ReturnType<typeof findLinesWithNames>>;
type Choices = Awaited<ReturnType<typeof findLineChoicesWithNames>>;

export async function loadBasketView(db: Executor, basket: BasketRow, language: LanguageCode): Promise<Basket> {
  const lines = await findLinesWithNames(db, basket.id);
  const choices = lines.length === 0 ? [] : await findLineChoicesWithNames(db, basket.id);
  return basketView(basket, lines, choices, language);
}

/** A basket made this moment has no lines yet: its answer reads nothing. */
export function newBasketView(basket: BasketRow, language: LanguageCode): Basket {
  return basketView(basket, [], [], language);
}

function basketView(basket: BasketRow, lines: Lines, choices: Choices, language: LanguageCode): Basket {
  const choicesByLine = new Map<string, BasketChoice[]>();
  for (const choice of choices) {
    const list = choicesByLine.get(choice.basketItemId) ?? [];
    list.push({
      id: choice.id,
      choiceId: choice.choiceId,
      modifierId: choice.modifierId,
      name: nameIn(choice.choiceName, language, choice.storedName),
      amount: choice.amount,
      price: toDkk(choice.priceMinor),
    });
    choicesByLine.set(choice.basketItemId, list);
  }

  const items: BasketItem[] = lines.map(({ line, productName }) => ({
    id: line.id,
    productId: line.productId,
    name: nameIn(productName, language, line.name),
    amount: line.amount,
    price: toDkk(line.priceMinor),
    productPrice: toDkk(line.productPriceMinor),
    imageUrl: line.imageUrl,
    totalPrice: toDkk(line.totalPriceMinor),
    choices: choicesByLine.get(line.id) ?? [],
    editingIsDisabled: line.editingIsDisabled,
    // Only when the restaurant changed a price of the line since it was added (SPEC clients never see it otherwise).
    ...(line.priceChangedFromMinor === null ? {} : { previousPrice: toDkk(line.priceChangedFromMinor) }),
  }));

  return {
    id: basket.id,
    createdTimeUtc: basket.createdAt.toISOString(),
    items,
    products: lines.map(({ line }) => ({ id: line.id, productId: line.productId, count: line.amount })),
    totalPrice: toDkk(lines.reduce((sum, { line }) => sum + line.totalPriceMinor, 0)),
    itemCount: lines.reduce((sum, { line }) => sum + line.amount, 0),
  };
}

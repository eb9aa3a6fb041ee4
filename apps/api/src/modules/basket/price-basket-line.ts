/**
 * Prices one basket line from the catalogue; nothing the client says about prices is used.
 * The option rules (included choices, free amounts, max/min per group) live in @app/domain's
 * priceLine; this file gathers the catalogue facts it needs and refuses what may not be sold.
 */
import type { Executor, Translations } from "@app/db";
import { type LineError, localParts, type ModifierRule, priceLine, productPriceToday } from "@app/domain";
import { conflict, type ErrorItem, notFound, unprocessableItems } from "../../errors";
import { getModuleSettings } from "../settings";
import { requireOrderableModule } from "../tenancy";
import { isProductSoldOut, soldOutChoiceIds } from "../warehouse";
import { findProductOfUnit, findProductOptions, type LineChoiceValues, type LineValues } from "./repository";

export type ChosenInput = { modifierId: number; choiceId: number; amount: number };

export type PriceLineRequest = {
  productionUnitId: number;
  timeZone: string;
  now: Date;
  productId: number;
  amount: number;
  chosen: ChosenInput[];
  /** Adding a line: a product, group or choice withdrawn from the menu is refused like an unknown one. */
  offeredOnly?: boolean;
};

export type PricedBasketLine = {
  values: LineValues;
  choices: LineChoiceValues[];
  /** The module's bagFeeItem: at most once per basket, amount 1, locked. */
  isBagFee: boolean;
};

const STORED_LANGUAGE = "da-DK";

/** The Danish text (what basket rows store), else any text there is. */
export function storedName(names: Translations | null | undefined, fallback = ""): string {
  return names?.[STORED_LANGUAGE] ?? Object.values(names ?? {}).find((value) => value) ?? fallback;
}

export async function priceBasketLine(db: Executor, request: PriceLineRequest): Promise<PricedBasketLine> {
  const { productionUnitId, productId, amount, chosen } = request;
  const found = await findProductOfUnit(db, productId, productionUnitId);
  // A product withdrawn from the menu (archived or hidden) cannot be added, as if it did not exist; a line that
  // already holds it is still priced (issue 45).
  if (!found || (request.offeredOnly && isWithdrawn(found.product))) throw notFound("Product");
  requireOrderableModule(found);
  const { product } = found;

  if (await isProductSoldOut(db, productionUnitId, productId, request.now)) {
    throw conflict("PRODUCT_BLOCKED", "The product is sold out at the moment");
  }
  if (product.priceMinor <= 0) {
    throw unprocessableItems([
      { code: "PRODUCT_NOT_FOR_SALE", message: "The product is not for sale", field: "productId" },
    ]);
  }

  const settings = await getModuleSettings(db, found.moduleId);
  const isBagFee = settings.bagFeeItem === productId;
  // The bag fee is charged once per order, whatever amount is asked for.
  const quantity = isBagFee ? 1 : amount;

  const options = await findProductOptions(db, productId);
  const isoWeekday = localParts(request.now, request.timeZone).isoWeekday;
  const priced = priceFromCatalogue(product, options, { quantity, chosen, isoWeekday }, request.offeredOnly ?? false);
  if (!priced.ok) throw unprocessableItems(priced.errors);

  const blocked = await soldOutChoiceIds(
    db,
    productionUnitId,
    chosen.map((choice) => choice.choiceId),
    request.now,
  );
  if (blocked.length > 0) {
    const names = blocked.map((id) => priced.choiceNames.get(id) ?? String(id)).join(", ");
    throw conflict("CHOICE_BLOCKED", `Sold out at the moment: ${names}`);
  }
  return { ...priced.line, values: { ...priced.line.values, editingIsDisabled: isBagFee }, isBagFee };
}

function isWithdrawn(product: CatalogueProduct): boolean {
  return product.archivedAt !== null || !product.isVisible;
}

type CatalogueProduct = NonNullable<Awaited<ReturnType<typeof findProductOfUnit>>>["product"];
type LineToPrice = { quantity: number; chosen: ChosenInput[]; isoWeekday: number };
type CataloguePrice =
  | { ok: true; line: Omit<PricedBasketLine, "isBagFee">; choiceNames: Map<number, string> }
  | { ok: false; errors: ErrorItem[] };

/**
 * A line's prices from the catalogue's rows by @app/domain's priceLine: what adding a line and re-pricing open
 * baskets after a catalogue change (reprice-open-lines.ts) share. `offeredOnly`: withdrawn groups and choices
 * are not options (adding a line); else they still price a line that holds them.
 */
export function priceFromCatalogue(
  product: CatalogueProduct,
  options: OptionRow[],
  line: LineToPrice,
  offeredOnly: boolean,
): CataloguePrice {
  const productPriceMinor = productPriceToday(product, line.isoWeekday);
  const offered = offeredOnly ? options.filter((row) => !row.modifierArchived && !row.choiceArchived) : options;
  const { rules, choiceNames } = toRules(offered);
  const priced = priceLine({ productPriceMinor, quantity: line.quantity, modifiers: rules, chosen: line.chosen });
  if (!priced.ok) return { ok: false, errors: priced.errors.map((error) => describeLineError(error, rules)) };
  const values = {
    productId: product.id,
    name: storedName(product.name, product.internalName),
    imageUrl: product.imageUrl,
    amount: line.quantity,
    productPriceMinor,
    priceMinor: priced.unitPriceMinor,
    totalPriceMinor: priced.totalPriceMinor,
    editingIsDisabled: false,
  };
  const choices = priced.choices.map((choice) => ({
    choiceId: choice.choiceId,
    modifierId: choice.modifierId,
    name: choiceNames.get(choice.choiceId) ?? "",
    amount: choice.amount,
    priceMinor: choice.priceMinor,
  }));
  return { ok: true, line: { values, choices }, choiceNames };
}

type OptionRow = Awaited<ReturnType<typeof findProductOptions>>[number];

/** Catalogue rows → the domain's rules; a choice's price in a group is overwritePrice ?? defaultPrice. */
function toRules(rows: OptionRow[]): { rules: ModifierRule[]; choiceNames: Map<number, string> } {
  const byModifier = new Map<number, ModifierRule>();
  const choiceNames = new Map<number, string>();
  for (const row of rows) {
    let rule = byModifier.get(row.modifierId);
    if (!rule) {
      rule = {
        modifierId: row.modifierId,
        maxChoices: row.maxChoices,
        choicesIncluded: row.choicesIncluded,
        choices: [],
      };
      byModifier.set(row.modifierId, rule);
    }
    if (row.choiceId === null || row.defaultPriceMinor === null) continue;
    rule.choices.push({
      choiceId: row.choiceId,
      priceMinor: row.overwritePriceMinor ?? row.defaultPriceMinor,
      freeAmount: row.freeAmount ?? 0,
    });
    choiceNames.set(row.choiceId, storedName(row.choiceName));
  }
  return { rules: [...byModifier.values()], choiceNames };
}

function describeLineError(error: LineError, rules: ModifierRule[]): ErrorItem {
  const group = `option group ${error.modifierId}`;
  const rule = rules.find((candidate) => candidate.modifierId === error.modifierId);
  const field = "choices";
  switch (error.code) {
    case "UNKNOWN_MODIFIER":
      return { code: error.code, message: `The product has no ${group}`, field };
    case "UNKNOWN_CHOICE":
      return { code: error.code, message: `Choice ${error.choiceId} is not an option of ${group}`, field };
    case "DUPLICATE_CHOICE":
      return { code: error.code, message: `Choice ${error.choiceId} is picked twice in ${group}`, field };
    case "INVALID_CHOICE_AMOUNT":
      return { code: error.code, message: `The amount of choice ${error.choiceId} must be 1–99`, field };
    case "TOO_MANY_CHOICES":
      return { code: error.code, message: `At most ${rule?.maxChoices} options may be chosen in ${group}`, field };
    case "TOO_FEW_CHOICES":
      return {
        code: error.code,
        message: `You haven't chosen all options: please choose ${rule?.choicesIncluded} in ${group}`,
        field,
      };
    case "INVALID_QUANTITY":
      return { code: error.code, message: "The amount must be 1–99", field: "amount" };
  }
}

/**
 * The product form's values (texts as typed, prices as the person writes them) and the request they make
 * (ProductInput: øre). Prices that do not parse are refused on their own field before any request; the price
 * rules of @app/domain (`validateProductPrices`, the API's own check) give instant feedback on the rest.
 */
import type { EditorProduct, ProductInput } from "@app/contracts";
import { validateProductPrices } from "@app/domain";
import type { FieldErrors } from "../../lib/form-errors";
import { EMPTY_TEXTS, type Texts, textsOf } from "./fields";
import { type MoneyLocale, moneyRefusalCode, moneyText, parseMoney } from "./money-input";
import type { PreviewProduct } from "./product-preview";
import type { ToInput } from "./use-edit-form";

export type ProductValues = {
  name: Texts;
  subtitle: Texts;
  description: Texts;
  internalName: string;
  price: string;
  originalPrice: string;
  saleOn: boolean;
  salePrice: string;
  saleStart: number;
  saleEnd: number;
  labelIds: number[];
  imageUrl: string;
  isGiftcard: boolean;
  isVisible: boolean;
  categoryIds: number[];
};

export function productValues(product: EditorProduct | undefined, locale: MoneyLocale): ProductValues {
  const sale = product?.productPriceDaily ?? null;
  return {
    name: product ? textsOf(product.name) : EMPTY_TEXTS,
    subtitle: product ? textsOf(product.subtitle) : EMPTY_TEXTS,
    description: product ? textsOf(product.description) : EMPTY_TEXTS,
    internalName: product?.internalName ?? "",
    price: moneyText(product?.priceMinor, locale),
    originalPrice: moneyText(product?.originalPriceMinor, locale),
    saleOn: sale !== null,
    salePrice: moneyText(sale?.priceMinor, locale),
    saleStart: sale?.startDayOfWeek ?? 1,
    saleEnd: sale?.endDayOfWeek ?? 5,
    labelIds: product?.labelIds ?? [],
    imageUrl: product?.imageUrl ?? "",
    isGiftcard: product?.isGiftcard ?? false,
    isVisible: product?.isVisible ?? true,
    categoryIds: product?.categoryIds ?? [],
  };
}

/** Field paths of the request (the server names refused fields so), for the three amounts. */
export const PRICE_PATHS = {
  price: "priceMinor",
  originalPrice: "originalPriceMinor",
  salePrice: "productPriceDaily.priceMinor",
} as const;

type MoneyRead = { minor: number | null; error?: FieldErrors[string] };

/** A typed amount: øre, null when left empty and allowed to be, or the error to show on its field. */
function readMoney(text: string, locale: MoneyLocale, required: boolean): MoneyRead {
  const parsed = parseMoney(text, locale);
  if (parsed.ok) return { minor: parsed.minor };
  if (parsed.reason === "empty") return required ? { minor: null, error: { code: "Input.Required" } } : { minor: null };
  return { minor: null, error: { code: moneyRefusalCode(parsed.reason) } };
}

export function productInput(values: ProductValues, locale: MoneyLocale): ToInput {
  const price = readMoney(values.price, locale, true);
  const original = readMoney(values.originalPrice, locale, false);
  const sale = values.saleOn ? readMoney(values.salePrice, locale, true) : { minor: null };
  const errors: FieldErrors = {};
  if (price.error) errors[PRICE_PATHS.price] = price.error;
  if (original.error) errors[PRICE_PATHS.originalPrice] = original.error;
  if (sale.error) errors[PRICE_PATHS.salePrice] = sale.error;
  if (price.minor !== null) {
    const rules = validateProductPrices({
      priceMinor: price.minor,
      originalPriceMinor: original.minor,
      dailyPriceMinor: sale.minor,
    });
    for (const { field, code } of rules) errors[field] ??= { code };
  }
  if (Object.keys(errors).length > 0) return { errors };
  const input: ProductInput = {
    name: values.name,
    subtitle: values.subtitle,
    description: values.description,
    internalName: values.internalName,
    priceMinor: price.minor ?? 0,
    originalPriceMinor: original.minor,
    productPriceDaily:
      values.saleOn && sale.minor !== null
        ? { priceMinor: sale.minor, startDayOfWeek: values.saleStart, endDayOfWeek: values.saleEnd }
        : null,
    labelIds: values.labelIds,
    imageUrl: values.imageUrl,
    isGiftcard: values.isGiftcard,
    isVisible: values.isVisible,
    categoryIds: values.categoryIds,
  };
  return { input };
}

/** The card the preview draws from what is typed now: amounts that do not parse yet are left out. */
export function previewOf(
  values: ProductValues,
  locale: MoneyLocale,
  labels: PreviewProduct["labels"],
  hasOptions: boolean,
): PreviewProduct {
  const amount = (text: string) => {
    const parsed = parseMoney(text, locale);
    return parsed.ok ? parsed.minor : null;
  };
  const salePrice = values.saleOn ? amount(values.salePrice) : null;
  return {
    name: values.name,
    subtitle: values.subtitle,
    description: values.description,
    priceMinor: amount(values.price),
    originalPriceMinor: amount(values.originalPrice),
    sale:
      salePrice === null
        ? null
        : { priceMinor: salePrice, startDayOfWeek: values.saleStart, endDayOfWeek: values.saleEnd },
    imageUrl: values.imageUrl,
    labels: labels.filter((label) => values.labelIds.includes(label.id)),
    hasOptions,
    isVisible: values.isVisible,
  };
}

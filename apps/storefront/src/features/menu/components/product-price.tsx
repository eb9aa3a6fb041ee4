import type { Product } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { weekdayKey } from "../weekday-key";

/** Today's price, the struck-through before-price when there is one, and the weekday sale line. */
export function ProductPrice({ product, language }: { product: Product; language: string }) {
  const { t } = useTranslation();
  const currency = t("Currency");
  const price = priceText(product.price, language, currency);
  const original = product.originalPrice === null ? null : priceText(product.originalPrice, language, currency);
  return (
    <>
      <p className="product-price">
        {original ? (
          <>
            <s className="product-original-price" aria-hidden="true">
              {original}
            </s>
            <span className="visually-hidden">{t("Product.OriginalPrice", { price: original })}, </span>
          </>
        ) : null}
        <span className="product-current-price">{price}</span>
      </p>
      <SaleLine product={product} language={language} />
    </>
  );
}

/** SPEC §2: "a sale line with weekday range", e.g. "Offer Monday–Wednesday: 49 DKK". */
function SaleLine({ product, language }: { product: Product; language: string }) {
  const { t } = useTranslation();
  const sale = product.productPriceDaily;
  if (!sale) return null;
  const text =
    sale.startDayOfWeek === sale.endDayOfWeek
      ? t("Product.SaleOneDay", { day: t(weekdayKey(sale.startDayOfWeek)) })
      : t("Product.Sale", { from: t(weekdayKey(sale.startDayOfWeek)), to: t(weekdayKey(sale.endDayOfWeek)) });
  return (
    <p className="product-sale">
      {text}: {priceText(sale.price, language, t("Currency"))}
    </p>
  );
}

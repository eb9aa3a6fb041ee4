import type { BasketItem } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";

/** The lines the restaurant re-priced since the guest added them (the server sends `previousPrice` on those). */
export function repricedLines(items: readonly BasketItem[]): (BasketItem & { previousPrice: number })[] {
  return items.filter(
    (item): item is BasketItem & { previousPrice: number } =>
      item.previousPrice !== undefined && item.previousPrice !== item.price,
  );
}

/**
 * Issue 45: a price changed after the guest put the product in the basket is told before they pay, in the basket
 * and on the checkout (both show the cart lines): "The price of Burger changed from 89 DKK to 95 DKK". The region
 * is always there and polite, so a change arriving while the basket is open is read out once, without
 * interrupting. It lives with the cart lines, in the basket's lazily loaded views: no cost to the first load.
 */
export function PriceChangeNotice({ items }: { items: readonly BasketItem[] }) {
  const { t, i18n } = useTranslation();
  const changed = repricedLines(items);
  const currency = t("Currency");
  return (
    // Never hidden: a region that appears together with its text is not read out by every screen reader.
    <div role="status" aria-live="polite">
      {changed.length > 0 ? (
        <ul className="price-change-notice">
          {changed.map((item) => (
            <li key={item.id}>
              {t("PriceChange.Changed", {
                name: item.name,
                from: priceText(item.previousPrice, i18n.language, currency),
                to: priceText(item.price, i18n.language, currency),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

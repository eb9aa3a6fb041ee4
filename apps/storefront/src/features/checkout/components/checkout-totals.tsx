import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { useCheckoutPage } from "../checkout-page-context";
import { bagFeeOf, totalRows } from "../totals-rows";

/**
 * The order's figures as the server computed them (checkout.totals), in the words of totals-rows.ts: one word
 * per meaning, the last row "Total to pay". SPEC §9: order total = basket − discount + delivery fee; left to
 * pay = order total − what is paid (gift cards).
 */
export function CheckoutTotals() {
  const { t, i18n } = useTranslation();
  const { checkout, basket, shop } = useCheckoutPage();
  const money = (amount: number) => priceText(amount, i18n.language, t("Currency"));
  const rows = totalRows({
    totals: checkout.totals,
    bagFee: bagFeeOf(basket, shop.settings.bagFeeItem),
    isDelivery: checkout.delivery !== null,
  });
  return (
    <>
      <dl className="payment-totals">
        {rows.map((row) => (
          <div
            key={row.key}
            className="payment-totals-row"
            data-kind={row.key === "totalToPay" ? "total" : row.minus ? "minus" : undefined}
            data-row={row.key}
          >
            <dt>{t(row.label)}</dt>
            <dd>{row.minus ? `−${money(row.amount)}` : money(row.amount)}</dd>
          </div>
        ))}
      </dl>
      {/*
       * One polite sentence when the amount to pay changes (a code applied, the bag fee added), rather than a
       * live table whose cells would be read out one by one without their labels.
       */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {t("CheckoutTotals.Announcement", { amount: money(checkout.totals.totalLeft) })}
      </p>
    </>
  );
}

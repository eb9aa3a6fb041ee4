import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { useCheckoutPage } from "../checkout-page-context";

type Row = { key: string; label: string; amount: number; kind?: "minus" | "total" | "left" };

/**
 * The order's figures as the server computed them (checkout.totals), never recomputed here: the server
 * prices the basket, the discount and the delivery, and the guest must see what will be charged. SPEC §9:
 * order total = basket − discount + delivery fee; left to pay = order total − what is paid (gift cards).
 */
export function CheckoutTotals() {
  const { t, i18n } = useTranslation();
  const { checkout } = useCheckoutPage();
  const { totals } = checkout;
  const money = (amount: number) => priceText(amount, i18n.language, t("Currency"));

  const rows: Row[] = [{ key: "basket", label: t("Totals.BasketTotal"), amount: totals.basketTotal }];
  if (totals.discount > 0)
    rows.push({ key: "discount", label: t("Totals.Discount"), amount: totals.discount, kind: "minus" });
  if (checkout.delivery !== null)
    rows.push({ key: "delivery", label: t("Totals.DeliveryFee"), amount: totals.deliveryFee });
  rows.push({ key: "total", label: t("Totals.Total"), amount: totals.total, kind: "total" });
  if (totals.giftcard > 0)
    rows.push({ key: "giftcard", label: t("Totals.Giftcard"), amount: totals.giftcard, kind: "minus" });
  // Only when something is paid already: otherwise it repeats the order total.
  if (totals.totalLeft !== totals.total)
    rows.push({ key: "left", label: t("Totals.TotalLeft"), amount: totals.totalLeft, kind: "left" });

  return (
    <>
      <dl className="payment-totals">
        {rows.map((row) => (
          <div key={row.key} className="payment-totals-row" data-kind={row.kind}>
            <dt>{row.label}</dt>
            <dd>{row.kind === "minus" ? `−${money(row.amount)}` : money(row.amount)}</dd>
          </div>
        ))}
      </dl>
      {/*
       * One polite sentence when the amount to pay changes (a code applied, the bag fee added), rather than a
       * live table whose cells would be read out one by one without their labels.
       */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {t("Totals.Announcement", { amount: money(totals.totalLeft) })}
      </p>
    </>
  );
}

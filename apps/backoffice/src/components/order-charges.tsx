import type { AdminOrder } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { money } from "../lib/money";

/**
 * What an order charged after its lines: each discount code, the delivery fee when there is one, and the total.
 * The order board's details and the order's own page show it alike; each styles `.order-money` its own way.
 */
export function OrderCharges({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  return (
    <dl className="order-money">
      {order.discounts.map((discount) => (
        <div key={discount.code}>
          <dt>{t("orders.discount", { code: discount.code })}</dt>
          <dd>−{kr(discount.amount)}</dd>
        </div>
      ))}
      {order.delivery && order.delivery.fee > 0 && (
        <div>
          <dt>{t("orders.deliveryFee")}</dt>
          <dd>{kr(order.delivery.fee)}</dd>
        </div>
      )}
      <div className="order-total">
        <dt>{t("orders.total")}</dt>
        <dd>{kr(order.total)}</dd>
      </div>
    </dl>
  );
}

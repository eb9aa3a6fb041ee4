import type { AdminOrder, AdminOrderPayment } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { OrderCharges } from "../../../components/order-charges";
import { money } from "../../../lib/money";

/** Everything the kitchen and the counter need: phone, address, every line with its choices, comment, money. */
export function OrderDetails({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  return (
    <div className="order-details">
      {order.refundedInFull && order.kitchenStatus !== "rejected" && (
        <p>
          <strong>{t("orders.refundedInFullHint")}</strong>
        </p>
      )}
      {order.guest.phone && (
        <p>
          <span className="muted">{t("orders.phone")}: </span>
          <a className="tel-link" href={`tel:${order.guest.phone.replace(/\s+/g, "")}`}>
            {order.guest.phone}
          </a>
        </p>
      )}
      {order.delivery && (
        <p>
          <span className="muted">{t("orders.deliverTo")}: </span>
          {[order.delivery.address, order.delivery.zipCode].filter(Boolean).join(", ")}
        </p>
      )}
      <ul className="order-lines">
        {order.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move; the same product may appear twice
          <li key={index}>
            <span className="line-name">
              <strong>{line.amount} ×</strong> {line.name}
            </span>
            <span className="line-total">{kr(line.total)}</span>
            {line.choices.length > 0 && (
              <ul className="line-choices">
                {line.choices.map((choice, choiceIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above
                  <li key={choiceIndex}>
                    {choice.amount > 1 ? `${choice.amount} × ` : ""}
                    {choice.name}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {order.rejection?.text && (
        <p className="order-comment">
          <strong>{t("orders.rejectText")}:</strong> {order.rejection.text}
        </p>
      )}
      {order.comment && (
        <p className="order-comment">
          <strong>{t("orders.comment")}:</strong> {order.comment}
        </p>
      )}
      <OrderCharges order={order} />
      <PaymentSummary order={order} />
    </div>
  );
}

/** How it is paid; an unpaid amount as a block nobody at the counter can miss. */
export function PaymentSummary({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ul className="payments">
        {order.payments
          .filter((payment) => payment.paid)
          .map((payment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payments of an order never move
            <li key={index}>{paymentText(t, payment, i18n.language)}</li>
          ))}
      </ul>
      {order.toCollect > 0 && (
        <p className="collect">{t("orders.collect", { amount: money(order.toCollect, i18n.language) })}</p>
      )}
    </>
  );
}

function paymentText(
  t: (key: string, values?: Record<string, unknown>) => string,
  payment: AdminOrderPayment,
  language: string,
) {
  const text = t(`orders.paidWith.${payment.method}`, { amount: money(payment.amount, language) });
  const notes = [payment.isTest && t("orders.testPayment"), payment.refunded && t("orders.refunded")].filter(Boolean);
  return notes.length ? `${text} (${notes.join(", ")})` : text;
}

import type { AppSettings, ProductionUnit } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ConfirmedOrder, orderNumberOf, receiptNoteOf } from "../confirmation-storage";
import { StatusMark } from "./status-mark";
import "../payment-status.css";

export type OrderConfirmationProps = {
  confirmed: ConfirmedOrder;
  restaurant: Pick<ProductionUnit, "name" | "address" | "phone">;
  settings: Pick<AppSettings, "orderIdType" | "receiptType">;
  useTitle: (key: string) => string;
  /** Return to start: the route forgets the confirmation before the front page. */
  onBackToStart: () => void;
};

/** /confirmation (SPEC §2): thanks, the order number, where the receipt goes, the restaurant, return to start. */
export function OrderConfirmation({
  confirmed,
  restaurant,
  settings,
  useTitle,
  onBackToStart,
}: OrderConfirmationProps) {
  const { t } = useTranslation();
  const title = useTitle("ConfirmationPage.Title");
  const orderNumber = orderNumberOf(confirmed, settings.orderIdType);
  const receipt = receiptNoteOf(confirmed, settings.receiptType);
  return (
    <section className="order-confirmation">
      <StatusMark kind="authorized" />
      <h1>{title}</h1>
      <div className="order-confirmation-card">
        {orderNumber ? (
          <dl className="order-number">
            <dt>{t("ConfirmationPage.OrderNumber")}</dt>
            <dd>{orderNumber}</dd>
          </dl>
        ) : null}
        {receipt ? <p className="receipt-note">{t(receipt.key, receipt.values)}</p> : null}
        <div className="restaurant-info">
          <h2>{t("ConfirmationPage.Restaurant")}</h2>
          <address>
            <strong>{restaurant.name}</strong>
            <br />
            {restaurant.address}
            <br />
            {t("ConfirmationPage.Phone")}:{" "}
            <a href={`tel:${restaurant.phone.replace(/\s+/g, "")}`}>{restaurant.phone}</a>
          </address>
        </div>
      </div>
      <div className="page-actions">
        <Link to="/" replace className="button button-primary" onClick={onBackToStart}>
          {t("ConfirmationPage.BackToStart")}
        </Link>
      </div>
    </section>
  );
}

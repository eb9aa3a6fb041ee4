import type { AppSettings, ProductionUnit } from "@app/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ConfirmedOrder, orderNumberOf, receiptNoteOf } from "../confirmation-storage";
import { orderReceiptOf } from "../order-receipt";
import { ReceiptBody, ReceiptWhen } from "./order-receipt-details";
import { StatusMark } from "./status-mark";
import "../payment-status.css";

export type OrderConfirmationProps = {
  confirmed: ConfirmedOrder;
  restaurant: Pick<ProductionUnit, "name" | "address" | "timeZone">;
  /** The restaurant's phone as the other pages show it ("35 36 11 22") and as a link a phone dials. */
  restaurantPhone: { text: string; href: string };
  settings: Pick<AppSettings, "orderIdType" | "receiptType" | "bagFeeItem">;
  useTitle: (key: string) => string;
  /** Return to start: the route forgets the confirmation before the front page. */
  onBackToStart: () => void;
  /** The clock "today" is read from (a test sets it). */
  now?: Date;
  /** The kitchen's progress, shown first in the card (the route reads it live). */
  progress?: ReactNode;
};

/**
 * /confirmation (SPEC §2): thanks, the order number, when it is ready, what is left to pay at pickup, where the
 * receipt goes, the receipt itself (lines, fees, totals, payments), the restaurant, return to start. Without the
 * order (it could not be read) it shows what it has: the number and the restaurant.
 */
export function OrderConfirmation({
  confirmed,
  restaurant,
  restaurantPhone,
  settings,
  useTitle,
  onBackToStart,
  now = new Date(),
  progress = null,
}: OrderConfirmationProps) {
  const { t } = useTranslation();
  const title = useTitle("ConfirmationPage.Title");
  const orderNumber = orderNumberOf(confirmed, settings.orderIdType);
  const receipt = receiptNoteOf(confirmed, settings.receiptType);
  const details = confirmed.order ? orderReceiptOf(confirmed.order, settings.bagFeeItem) : null;
  return (
    <section className="order-confirmation">
      <StatusMark kind="authorized" />
      <h1>{title}</h1>
      <div className="order-confirmation-card">
        {progress}
        {orderNumber ? (
          <dl className="order-number">
            <dt>{t("ConfirmationPage.OrderNumber")}</dt>
            <dd>{orderNumber}</dd>
          </dl>
        ) : null}
        {details ? <ReceiptWhen receipt={details} timeZone={restaurant.timeZone} now={now} /> : null}
        {receipt ? <p className="receipt-note">{t(receipt.key, receipt.values)}</p> : null}
        {details ? <ReceiptBody receipt={details} /> : null}
        <div className="restaurant-info">
          <h2>{t("ConfirmationPage.Restaurant")}</h2>
          <address>
            <strong>{restaurant.name}</strong>
            <br />
            {restaurant.address}
            <br />
            {t("ConfirmationPage.Phone")}: <a href={restaurantPhone.href}>{restaurantPhone.text}</a>
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

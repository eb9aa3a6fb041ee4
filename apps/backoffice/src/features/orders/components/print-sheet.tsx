import type { AdminOrder } from "@app/contracts";
import { useContext, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { money } from "../../../lib/money";
import type { PrintKind } from "./order-actions";
import { RestaurantTimeZone, useClock } from "./restaurant-clock";

const MM_PER_CSS_PX = 25.4 / 96;
let pageSheet: CSSStyleSheet | undefined;

/**
 * Sets the printed page to 80 mm wide and exactly as long as the ticket, so a thermal printer's roll cuts after
 * it. Through the CSS object model (a constructed style sheet): the CSP forbids inline <style>, not this.
 */
function setPageLength(millimetres: number): void {
  if (!pageSheet) {
    pageSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  }
  pageSheet.replaceSync(`@page thermal { size: 80mm ${Math.ceil(millimetres) + 8}mm; margin: 4mm 4mm; }`);
}

/**
 * A kitchen ticket or a guest receipt for 80 mm thermal paper, printed through the browser's print dialog (a
 * kiosk-printing browser prints it at once). Laid out off screen at its printed width, measured, then printed.
 */
export function PrintSheet(props: {
  order: AdminOrder;
  kind: PrintKind;
  restaurantName: string;
  onPrinted: () => void;
}) {
  const { order, kind, restaurantName, onPrinted } = props;
  const { t, i18n } = useTranslation();
  const clockTime = useClock();
  const timeZone = useContext(RestaurantTimeZone);
  const sheet = useRef<HTMLDivElement>(null);
  const kr = (dkk: number) => money(dkk, i18n.language);
  const printed = useRef(onPrinted);
  printed.current = onPrinted;

  // Once per sheet (the caller gives each print job its own key).
  useLayoutEffect(() => {
    if (!sheet.current) return;
    setPageLength(sheet.current.getBoundingClientRect().height * MM_PER_CSS_PX);
    const done = () => printed.current();
    window.addEventListener("afterprint", done, { once: true });
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, []);

  return createPortal(
    <div className={`print-sheet ${kind}`} ref={sheet} aria-hidden="true" data-print={kind}>
      <p className="print-restaurant">{restaurantName}</p>
      <p className="print-kind">{t(kind === "ticket" ? "orders.print.ticket" : "orders.print.receipt")}</p>
      <p className="print-number">#{order.receiptNumber}</p>
      <p className="print-when">
        {t(order.delivery ? "orders.print.delivery" : "orders.print.pickup")} {clockTime(order.readyTime)}
      </p>
      {order.guest.name && <p>{order.guest.name}</p>}
      {order.guest.phone && <p>{order.guest.phone}</p>}
      {order.delivery && <p>{[order.delivery.address, order.delivery.zipCode].filter(Boolean).join(", ")}</p>}
      <ul className="print-lines">
        {order.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
          <li key={index}>
            <div className="print-line">
              <span>
                {line.amount} × {line.name}
              </span>
              {kind === "receipt" && <span>{kr(line.total)}</span>}
            </div>
            {line.choices.map((choice, choiceIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <div className="print-choice" key={choiceIndex}>
                + {choice.amount > 1 ? `${choice.amount} × ` : ""}
                {choice.name}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {order.comment && <p className="print-comment">{order.comment}</p>}
      {kind === "receipt" && (
        <>
          {order.discounts.map((discount) => (
            <div className="print-line" key={discount.code}>
              <span>{t("orders.discount", { code: discount.code })}</span>
              <span>−{kr(discount.amount)}</span>
            </div>
          ))}
          {order.delivery && order.delivery.fee > 0 && (
            <div className="print-line">
              <span>{t("orders.deliveryFee")}</span>
              <span>{kr(order.delivery.fee)}</span>
            </div>
          )}
          <div className="print-line print-total">
            <span>{t("orders.total")}</span>
            <span>{kr(order.total)}</span>
          </div>
          <p className="print-small">
            {new Date(order.createdUtc).toLocaleDateString(i18n.language, { timeZone })} {clockTime(order.createdUtc)}
          </p>
        </>
      )}
      {order.toCollect > 0 ? (
        <p className="print-collect">{t("orders.collect", { amount: kr(order.toCollect) })}</p>
      ) : (
        <p className="print-small">{t("orders.print.paid")}</p>
      )}
    </div>,
    document.body,
  );
}

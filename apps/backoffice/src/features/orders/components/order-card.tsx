import type { AdminOrder } from "@app/contracts";
import { isKitchenFinished } from "@app/domain";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { money } from "../../../lib/money";
import { useRestaurantSummary } from "../../../lib/restaurant-list";
import { managesRestaurant, useMe } from "../../../lib/session";
import { useFocusKeptInList } from "../../../lib/use-focus-kept-in-list";
import { changeKitchenStatus } from "../api/change-kitchen-status";
import { isUnseen } from "../live/apply-restaurant-event";
import { useOpenOrder } from "./open-orders";
import { OrderActions, type PrintKind } from "./order-actions";
import { OrderDetails } from "./order-details";
import { ReadyCountdown } from "./ready-countdown";

type Props = { order: AdminOrder; onPrint: (order: AdminOrder, kind: PrintKind) => void; printOnAccept: boolean };

/**
 * One order: its number, time and countdown, guest and what is to be paid; opened, every detail and the actions.
 * Opening an order nobody has opened tells every screen (POST …/open), which stops the alert there too.
 */
export function OrderCard({ order, onPrint, printOnAccept }: Props) {
  const { t, i18n } = useTranslation();
  const { open, toggle: toggleOpen } = useOpenOrder(order.id);
  const detailsId = useId();
  const card = useRef<HTMLElement>(null);
  // Accepted, it moves to In progress (the tablet's next column; the phone's other tab): the focus follows or stays.
  useFocusKeptInList(card, { key: order.id, target: ".order-toggle", fallback: '[role="tab"][aria-selected="true"]' });
  const unseen = isUnseen(order);
  const items = order.lines.reduce((sum, line) => sum + line.amount, 0);

  const toggle = () => {
    if (toggleOpen() && unseen) void changeKitchenStatus(order, { action: "open" }).catch(() => undefined);
  };

  return (
    <article
      ref={card}
      data-focus-key={order.id}
      className={`order-card status-${order.kitchenStatus}${unseen ? " unseen" : ""}`}
      aria-labelledby={`${detailsId}-title`}
    >
      <h3 className="order-card-heading" id={`${detailsId}-title`}>
        <button type="button" className="order-toggle" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
          <span className="order-number">
            <span className="visually-hidden">{t("orders.receipt")} </span>#{order.receiptNumber}
          </span>
          {unseen && <span className="badge new-badge">{t("orders.unseen")}</span>}
          <ReadyCountdown
            readyTime={order.readyTime}
            delivery={order.delivery !== null}
            finished={isKitchenFinished(order.kitchenStatus)}
          />
          <span className="order-guest">{order.guest.name ?? t("orders.noName")}</span>
          <span className="order-summary muted">
            {t("orders.items", { count: items })} · {money(order.total, i18n.language)}
            {order.delivery ? ` · ${t("orders.delivery")}` : ` · ${t("orders.pickup")}`}
          </span>
          {order.toCollect > 0 && (
            <span className="badge unpaid-badge">
              {t("orders.unpaid", { amount: money(order.toCollect, i18n.language) })}
            </span>
          )}
          {order.kitchenStatus === "rejected" && order.rejection && (
            <span className="badge reject-badge">
              {t("orders.rejectedWith", { reason: t(`orders.rejectedBecause.${order.rejection.reason}`) })}
            </span>
          )}
          {order.kitchenStatus === "picked-up" && <span className="badge">{t("orders.status.picked-up")}</span>}
          {order.refundedInFull && order.kitchenStatus !== "rejected" && (
            <span className="badge refunded">{t("orders.refundedInFull")}</span>
          )}
        </button>
      </h3>
      <div id={detailsId} hidden={!open}>
        {open && (
          <>
            <OrderDetails order={order} />
            <OrderActions order={order} onPrint={onPrint} printOnAccept={printOnAccept} />
            <OrderPageLink order={order} />
          </>
        )}
      </div>
    </article>
  );
}

/** Managers and owners open the order's page (refunds) from the card; the page is app/router's. */
function OrderPageLink({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const me = useMe();
  const restaurant = useRestaurantSummary(order.productionUnitId);
  if (!restaurant || !managesRestaurant(me, restaurant)) return null;
  return (
    <p className="order-page-link">
      <Link className="button quiet" to={`/restaurants/${order.productionUnitId}/orders/${order.id}`}>
        {t("orderPage.open")}
      </Link>
    </p>
  );
}

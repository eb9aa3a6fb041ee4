import type { AdminOrder, OrderRefund, OrderRefunds } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { OrderCharges } from "../../components/order-charges";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { dateTimeText } from "../../lib/clock";
import { money } from "../../lib/money";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { adminOrderQuery, orderRefundsQuery } from "./api";
import { RefundDialog } from "./refund-dialog";
import "./order-page.css";

/**
 * One order's page (issue 45): what was ordered and paid, the refunds so far, and for managers and owners a
 * Refund dialog. Staff see the order; the server answers them 403 on refunds, and the page says why.
 */
export function OrderPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const restaurantId = Number(params.restaurantId);
  const orderId = params.orderId ?? "";
  const restaurant = useRestaurantSummary(restaurantId);
  const order = useQuery(adminOrderQuery(orderId));
  const refunds = useQuery(orderRefundsQuery(orderId));
  const [refunding, setRefunding] = useState(false);
  const [done, setDone] = useState<OrderRefund | null>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  const kr = (dkk: number) => money(dkk, i18n.language);
  const title = order.data ? t("orderPage.title", { number: order.data.receiptNumber }) : t("orderPage.titlePlain");

  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <>
        <PageHeading title={title} />
        {order.error instanceof ApiError && order.error.status === 404 ? (
          <p role="alert">{t("orderPage.notFound")}</p>
        ) : (
          <LoadFailed />
        )}
      </>
    );
  }
  const closeDialog = (created?: OrderRefund) => {
    setRefunding(false);
    if (created) setDone(created);
    refundButton.current?.focus();
  };

  return (
    <div className="order-page">
      <p>
        <Link to={`/restaurants/${restaurantId}/orders`}>← {t("orderPage.back")}</Link>
      </p>
      <PageHeading title={title} />
      <OrderSummary order={order.data} timeZone={restaurant?.timeZone ?? "Europe/Copenhagen"} />
      <OrderLines order={order.data} refunds={refunds.data} />
      {refunds.isPending && <Loading />}
      {refunds.isError &&
        (refunds.error instanceof ApiError && refunds.error.status === 403 ? (
          <p className="hint">{t("orderPage.managersOnly")}</p>
        ) : (
          <LoadFailed />
        ))}
      {refunds.data && (
        <>
          <section aria-labelledby="money-title" className="order-page-section">
            <h2 id="money-title">{t("orderPage.money")}</h2>
            <dl className="order-money">
              <div>
                <dt>{t("orderPage.paid")}</dt>
                <dd>{kr(refunds.data.paid)}</dd>
              </div>
              <div>
                <dt>{t("orderPage.refundedSoFar")}</dt>
                <dd>{kr(refunds.data.refunded)}</dd>
              </div>
              <div className="order-total">
                <dt>{t("orderPage.refundableNow")}</dt>
                <dd>{kr(refunds.data.refundable)}</dd>
              </div>
            </dl>
            <Payments state={refunds.data} />
            {done && (
              <p className="refund-done" role="status">
                {t("orderPage.done", { amount: kr(done.amount) })}{" "}
                {[
                  done.online > 0 ? t("orderPage.toCard", { amount: kr(done.online) }) : null,
                  done.giftcard > 0 ? t("orderPage.toGiftcard", { amount: kr(done.giftcard) }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
                . {t("orderPage.guestTold")}
              </p>
            )}
            {refunds.data.refundable > 0 ? (
              <button
                ref={refundButton}
                type="button"
                className="button primary"
                onClick={() => {
                  setDone(null);
                  setRefunding(true);
                }}
              >
                {t("orderPage.refund")}
              </button>
            ) : (
              <p className="hint">
                {refunds.data.paid > 0
                  ? t("orderPage.errors.Refund.NothingLeft")
                  : t("orderPage.errors.Refund.NothingPaid")}
              </p>
            )}
          </section>
          <RefundList state={refunds.data} timeZone={restaurant?.timeZone ?? "Europe/Copenhagen"} />
          {refunding && <RefundDialog state={refunds.data} onClose={closeDialog} />}
        </>
      )}
    </div>
  );
}

function OrderSummary({ order, timeZone }: { order: AdminOrder; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="order-page-facts">
      <div>
        <dt>{t("orderPage.status")}</dt>
        <dd>
          {t(`orders.status.${order.kitchenStatus}`)}
          {order.refundedInFull && order.kitchenStatus !== "rejected" && (
            <>
              {" "}
              <span className="badge refunded">{t("orders.refundedInFull")}</span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t("orderPage.placed")}</dt>
        <dd>{when(order.createdUtc, i18n.language, timeZone)}</dd>
      </div>
      <div>
        <dt>{t("orderPage.guest")}</dt>
        <dd>{[order.guest.name, order.guest.phone, order.guest.email].filter(Boolean).join(" · ") || "—"}</dd>
      </div>
    </dl>
  );
}

/** The lines with their choices; with the refunds read, each line's worth after the discount and what was refunded. */
function OrderLines({ order, refunds }: { order: AdminOrder; refunds: OrderRefunds | undefined }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  return (
    <section aria-labelledby="lines-title" className="order-page-section">
      <h2 id="lines-title">{t("orderPage.lines")}</h2>
      <div className="table-scroll">
        <table className="order-page-table">
          <thead>
            <tr>
              <th scope="col">{t("orderPage.product")}</th>
              <th scope="col" className="number">
                {t("orderPage.unitsHeading")}
              </th>
              <th scope="col" className="number">
                {t("orderPage.lineTotal")}
              </th>
              {refunds && (
                <th scope="col" className="number">
                  {t("orderPage.refundedSoFar")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => {
              const refundLine = refunds?.lines[index];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move; one product may appear twice
                <tr key={index}>
                  <th scope="row">
                    {line.name}
                    {line.choices.length > 0 && (
                      <span className="muted"> ({line.choices.map((choice) => choice.name).join(", ")})</span>
                    )}
                  </th>
                  <td className="number">{line.amount}</td>
                  <td className="number">{kr(line.total)}</td>
                  {refunds && (
                    // Units and amount may take two lines: on a phone the four columns fit without scrolling.
                    <td className="number breakable">
                      {refundLine && refundLine.refundedAmount > 0 ? (
                        <>
                          <span>{refundLine.refundedAmount} ·</span> <span>{kr(refundLine.refunded)}</span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <OrderCharges order={order} />
    </section>
  );
}

function Payments({ state }: { state: OrderRefunds }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  return (
    <ul className="order-page-payments" aria-label={t("orderPage.payments")}>
      {state.payments.map((payment) => (
        <li key={payment.paymentId}>
          <span>
            {t(`orderPage.method.${payment.method}`)}
            {payment.isTest && <span className="badge">{t("orderPage.test")}</span>}
          </span>
          <span>
            {payment.method === "pickup"
              ? t("orderPage.atPickup")
              : t("orderPage.paymentLine", { paid: kr(payment.paid), refunded: kr(payment.refunded) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RefundList({ state, timeZone }: { state: OrderRefunds; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  return (
    <section aria-labelledby="refunds-title" className="order-page-section">
      <h2 id="refunds-title">{t("orderPage.refunds")}</h2>
      {state.refunds.length === 0 ? (
        <p className="muted">{t("orderPage.noRefunds")}</p>
      ) : (
        <ul className="order-page-refunds">
          {state.refunds.map((refund) => (
            <li key={refund.id}>
              <p>
                <strong>{kr(refund.amount)}</strong> · {t(`orderPage.kind.${refund.kind}`)} ·{" "}
                {when(refund.createdUtc, i18n.language, timeZone)}
                {refund.providerRefundId !== null
                  ? ` · ${t("orderPage.inStripe")}`
                  : !refund.byStaff && ` · ${t("orderPage.byReject")}`}
              </p>
              <p className="muted">
                {[
                  refund.online > 0 ? t("orderPage.toCard", { amount: kr(refund.online) }) : null,
                  refund.giftcard > 0 ? t("orderPage.toGiftcard", { amount: kr(refund.giftcard) }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <p>
                {t("orderPage.reason")}: {refund.reason}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function when(iso: string, language: string, timeZone: string): string {
  return dateTimeText(iso, timeZone, language === "en-US" ? "en-US" : "da-DK");
}

/** The figures as cards and tables, shared by the figures page and the end-of-day report. */
import type { Figures, FiguresHour, FiguresProduct } from "@app/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { count, hourSpan, money } from "./format";

/** The key figures as a list of name and value (cards on screen, rows on paper). */
export function KeyFigures({ figures }: { figures: Figures }) {
  const { t, i18n } = useTranslation();
  const kr = (dkk: number) => money(dkk, i18n.language);
  const n = (value: number) => count(value, i18n.language);
  const items: [string, ReactNode, string?][] = [
    [t("figures.cards.orders"), n(figures.orders)],
    [t("figures.cards.sales"), kr(figures.sales)],
    // Without orders there is no average (the API's 0 is a placeholder): a dash, said in words to a screen reader.
    [
      t("figures.cards.averageOrder"),
      figures.orders === 0 ? (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">{t("figures.cards.noAverage")}</span>
        </>
      ) : (
        kr(figures.averageOrder)
      ),
    ],
    [t("figures.cards.netSales"), kr(figures.netSales), t("figures.cards.netSalesHint")],
    [
      t("figures.cards.refunds"),
      kr(figures.refunds.amount),
      t("figures.cards.refundCount", { count: figures.refunds.count }),
    ],
    [t("figures.cards.discounts"), kr(figures.discounts)],
    [
      t("figures.cards.rejected"),
      kr(figures.rejected.amount),
      t("figures.cards.orderCount", { count: figures.rejected.orders }),
    ],
    [
      t("figures.cards.giftcardsSold"),
      kr(figures.giftcards.soldAmount),
      t("figures.cards.giftcardCount", { count: figures.giftcards.soldCount }),
    ],
    [t("figures.cards.giftcardsRedeemed"), kr(figures.giftcards.redeemedAmount)],
  ];
  return (
    <dl className="key-figures">
      {items.map(([name, value, note]) => (
        <div key={name} className="key-figure">
          <dt>{name}</dt>
          <dd>
            <span className="key-value">{value}</span>
            {note && <span className="muted key-note">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ProductTable({ caption, products }: { caption: string; products: FiguresProduct[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="figures-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("figures.tables.product")}</th>
            <th scope="col">{t("figures.tables.quantity")}</th>
            <th scope="col">{t("figures.tables.sales")}</th>
          </tr>
        </thead>
        <tbody>
          {products.length === 0 ? (
            <tr>
              <td colSpan={3} className="muted">
                {t("figures.tables.none")}
              </td>
            </tr>
          ) : (
            products.map((product) => (
              <tr key={product.productId}>
                <th scope="row">{product.name}</th>
                <td>{count(product.quantity, i18n.language)}</td>
                <td>{money(product.sales, i18n.language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export function MethodTable({ figures }: { figures: Figures }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="figures-table">
      <table>
        <caption>{t("figures.tables.methods")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("figures.tables.method")}</th>
            <th scope="col">{t("figures.cards.orders")}</th>
            <th scope="col">{t("figures.tables.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {figures.byMethod.length === 0 ? (
            <tr>
              <td colSpan={3} className="muted">
                {t("figures.tables.none")}
              </td>
            </tr>
          ) : (
            figures.byMethod.map((method) => (
              <tr key={method.method}>
                <th scope="row">{t(`figures.methods.${method.method}`)}</th>
                <td>{count(method.orders, i18n.language)}</td>
                <td>{money(method.amount, i18n.language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The hours with orders, each with its orders and sales: the numbers under the figures page's chart and the report's
 * hour table. `captionHidden`: the chart above names it on screen.
 */
export function HourTable({ hours, captionHidden = false }: { hours: FiguresHour[]; captionHidden?: boolean }) {
  const { t, i18n } = useTranslation();
  const withOrders = hours.filter((hour) => hour.orders > 0);
  return (
    <table>
      <caption className={captionHidden ? "visually-hidden" : undefined}>{t("figures.chart.title")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("figures.chart.hour")}</th>
          <th scope="col">{t("figures.cards.orders")}</th>
          <th scope="col">{t("figures.cards.sales")}</th>
        </tr>
      </thead>
      <tbody>
        {withOrders.length === 0 ? (
          <tr>
            <td colSpan={3} className="muted">
              {t("figures.tables.none")}
            </td>
          </tr>
        ) : (
          withOrders.map((hour) => (
            <tr key={hour.hour}>
              <th scope="row" className="hour-span">
                {hourSpan(hour.hour)}
              </th>
              <td>{count(hour.orders, i18n.language)}</td>
              <td>{money(hour.sales, i18n.language)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

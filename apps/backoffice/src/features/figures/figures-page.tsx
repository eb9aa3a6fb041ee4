import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadFailed, Loading, SAME_PAGE_STATE } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { dateText } from "../../lib/date-in-words";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { csvUrl, figuresQuery } from "./api";
import { type DateRange, endOfDaySearch, type Period, periodFromSearch, periodSearch, presetRange } from "./date-range";
import { KeyFigures, MethodTable, ProductTable } from "./figures-tables";
import { HourChart } from "./hour-chart";
import { RangePicker } from "./range-picker";
import "./figures.css";

/**
 * The restaurant's figures for a period of its own days (managers and owners): key figures, orders per hour, top
 * products, payment methods, the CSV files and the end-of-day report.
 */
export function FiguresPage() {
  const { t, i18n } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const timeZone = useRestaurantSummary(restaurantId)?.timeZone;
  // The period is in the address (a reload, Back and a shared link keep it), replaced rather than pushed: arrowing
  // through the presets is one choice, not four pages to go back through.
  const [search, setSearch] = useSearchParams();
  if (!timeZone) return <Loading />;
  const today = localParts(new Date(), timeZone).date;
  const period = periodFromSearch(search);
  const range = presetRange(period.preset, today, period.custom ?? { from: today, to: today });
  const choose = (next: Period) => setSearch(periodSearch(next), { replace: true, state: SAME_PAGE_STATE });
  return (
    <section aria-labelledby="figures-title" className="figures">
      <h2 id="figures-title">{t("figures.title")}</h2>
      {period.unreadable && (
        <p className="notice warn" role="status">
          {t("figures.range.unreadable")}
        </p>
      )}
      <RangePicker
        preset={period.preset}
        custom={range}
        // Choosing dates starts from the period shown.
        onPreset={(preset) => choose({ preset, custom: preset === "custom" ? range : null })}
        onCustom={(custom) => choose({ preset: "custom", custom })}
      />
      <p className="figures-period" aria-live="polite">
        {range.from === range.to
          ? t("figures.range.oneDay", { day: dateText(range.from, i18n.language) })
          : t("figures.range.days", {
              from: dateText(range.from, i18n.language),
              to: dateText(range.to, i18n.language),
            })}
      </p>
      <FiguresBody restaurantId={restaurantId} period={period} range={range} />
    </section>
  );
}

function FiguresBody({ restaurantId, period, range }: { restaurantId: number; period: Period; range: DateRange }) {
  const { t } = useTranslation();
  const figures = useQuery(figuresQuery(restaurantId, range));
  if (figures.isPending) return <Loading />;
  if (figures.isError) {
    return figures.error instanceof ApiError && figures.error.status === 422 ? (
      <p className="field-error" role="alert">
        {t("figures.errors.Figures.TooLong")}
      </p>
    ) : (
      <LoadFailed />
    );
  }
  const data = figures.data;
  return (
    <>
      <KeyFigures figures={data} />
      <div className="figures-actions no-print">
        <a className="button" href={csvUrl(restaurantId, "orders", range)} download>
          {t("figures.csv.orders")}
        </a>
        <a className="button" href={csvUrl(restaurantId, "lines", range)} download>
          {t("figures.csv.lines")}
        </a>
        <Link className="button" to={`end-of-day?${endOfDaySearch(period, range.to)}`}>
          {t("figures.endOfDay.open")}
        </Link>
      </div>
      <HourChart hours={data.byHour} />
      <div className="figures-grid">
        <ProductTable caption={t("figures.tables.topByQuantity")} products={data.topByQuantity} />
        <ProductTable caption={t("figures.tables.topBySales")} products={data.topBySales} />
        <MethodTable figures={data} />
      </div>
    </>
  );
}

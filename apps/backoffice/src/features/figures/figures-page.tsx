import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadFailed, Loading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { csvUrl, figuresQuery } from "./api";
import { type DateRange, isPreset, type Preset, presetRange } from "./date-range";
import { KeyFigures, MethodTable, ProductTable } from "./figures-tables";
import { dayText } from "./format";
import { HourChart } from "./hour-chart";
import { RangePicker } from "./range-picker";
import "./figures.css";

/**
 * The restaurant's figures for a period of its own days (managers and owners): key figures, orders per hour, top
 * products, payment methods, the CSV files and the end-of-day report. The period lives in the address, so a
 * reload, the back button and a shared link show the same figures.
 */
export function FiguresPage() {
  const { t, i18n } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const timeZone = useRestaurantSummary(restaurantId)?.timeZone;
  const [params, setParams] = useSearchParams();
  if (!timeZone) return <Loading />;
  const today = localParts(new Date(), timeZone).date;
  const preset: Preset = isPreset(params.get("period")) ? (params.get("period") as Preset) : "today";
  const custom = { from: params.get("from") ?? today, to: params.get("to") ?? today };
  const range = presetRange(preset, today, custom);
  const choose = (next: Preset, nextRange: DateRange = range) =>
    setParams(next === "custom" ? { period: next, ...nextRange } : { period: next }, { replace: true });
  return (
    <section aria-labelledby="figures-title" className="figures">
      <h2 id="figures-title">{t("figures.title")}</h2>
      <RangePicker
        preset={preset}
        custom={custom}
        onPreset={(next) => choose(next)}
        onCustom={(next) => choose("custom", next)}
      />
      <p className="figures-period" aria-live="polite">
        {range.from === range.to
          ? t("figures.range.oneDay", { day: dayText(range.from, i18n.language) })
          : t("figures.range.days", { from: dayText(range.from, i18n.language), to: dayText(range.to, i18n.language) })}
      </p>
      <FiguresBody restaurantId={restaurantId} range={range} />
    </section>
  );
}

function FiguresBody({ restaurantId, range }: { restaurantId: number; range: DateRange }) {
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
        <Link className="button" to={`end-of-day?date=${range.to}`}>
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

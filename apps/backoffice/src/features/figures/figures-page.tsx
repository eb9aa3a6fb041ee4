import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { LoadFailed, Loading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { csvUrl, figuresQuery } from "./api";
import { type DateRange, type Preset, presetRange } from "./date-range";
import { KeyFigures, MethodTable, ProductTable } from "./figures-tables";
import { dayText } from "./format";
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
  // The period is the page's state, not the address: a new address moves the focus to the page's heading
  // (PageHeading), which would throw a keyboard user out of the period's radio group at every arrow key.
  const [choice, setChoice] = useState<{ preset: Preset; custom: DateRange | null }>({ preset: "today", custom: null });
  if (!timeZone) return <Loading />;
  const today = localParts(new Date(), timeZone).date;
  const custom = choice.custom ?? { from: today, to: today };
  const range = presetRange(choice.preset, today, custom);
  const preset = choice.preset;
  const choose = (next: Preset, nextRange: DateRange | null = choice.custom) =>
    setChoice({ preset: next, custom: nextRange });
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

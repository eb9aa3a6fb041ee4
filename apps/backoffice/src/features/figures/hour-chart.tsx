import type { FiguresHour } from "@app/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { HourTable } from "./figures-tables";
import { count, hourSpan } from "./format";

const LABEL_EVERY = 3;

/**
 * Orders per hour of the restaurant's clock as bars: hand-made SVG (no chart library for one chart). The SVG
 * stretches to the width and holds no text, so it stays sharp on a phone; the scale and the hours are HTML. It is
 * one image to a screen reader, with a summary; the numbers themselves are the table under it.
 */
export function HourChart({ hours }: { hours: FiguresHour[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const max = Math.max(1, ...hours.map((hour) => hour.orders));
  const total = hours.reduce((sum, hour) => sum + hour.orders, 0);
  const busiest = hours.reduce((best, hour) => (hour.orders > best.orders ? hour : best), hours[0]!);
  const summary = t("figures.chart.summary", {
    count: total,
    total: count(total, i18n.language),
    span: hourSpan(busiest.hour),
    max: count(busiest.orders, i18n.language),
  });
  // A period without orders has nothing to draw: a 0–1 scale under empty bars would only look like data.
  if (total === 0) {
    return (
      <figure className="hour-chart">
        <figcaption>
          <h2>{t("figures.chart.title")}</h2>
        </figcaption>
        <p className="hour-chart-empty">{t("figures.chart.none")}</p>
      </figure>
    );
  }
  return (
    <figure className="hour-chart">
      <figcaption>
        <h2 id={`${id}-title`}>{t("figures.chart.title")}</h2>
        <p className="muted">
          <HourSpanKept text={summary} span={hourSpan(busiest.hour)} />
        </p>
      </figcaption>
      <div className="hour-chart-plot">
        <div className="hour-chart-scale" aria-hidden="true">
          <span>{count(max, i18n.language)}</span>
          <span>0</span>
        </div>
        <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox="0 0 240 100" preserveAspectRatio="none">
          <title>{t("figures.chart.title")}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <line x1="0" x2="240" y1="0.5" y2="0.5" className="grid" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2="240" y1="50" y2="50" className="grid" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2="240" y1="99.5" y2="99.5" className="axis" vectorEffect="non-scaling-stroke" />
          {hours.map((hour) => {
            const height = (hour.orders / max) * 100;
            return <rect key={hour.hour} x={hour.hour * 10 + 1.5} width="7" y={100 - height} height={height} />;
          })}
        </svg>
        <span />
        <div className="hour-chart-axis" aria-hidden="true">
          {hours.map((hour) => (
            <span key={hour.hour}>{hour.hour % LABEL_EVERY === 0 ? String(hour.hour).padStart(2, "0") : ""}</span>
          ))}
        </div>
      </div>
      <details className="hour-table">
        <summary>{t("figures.chart.showTable")}</summary>
        <HourTable hours={hours} captionHidden />
      </details>
    </figure>
  );
}

/**
 * `text` with its hour span kept on one line: a browser may break after the dash of "10:00–11:00", which on a phone
 * left "10:00–" at a line's end and "11:00" under it.
 */
function HourSpanKept({ text, span }: { text: string; span: string }) {
  const at = text.indexOf(span);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="hour-span">{span}</span>
      {text.slice(at + span.length)}
    </>
  );
}

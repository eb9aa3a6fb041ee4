import type { EndOfDayReport } from "@app/contracts";
import { localParts } from "@app/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { LoadFailed, Loading, SAME_PAGE_STATE } from "../../components/page-heading";
import { dateTimeText } from "../../lib/clock";
import { dateText } from "../../lib/date-in-words";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { endOfDayQuery } from "./api";
import { endOfDaySearch, isLocalDate, periodFromSearch, periodSearch } from "./date-range";
import { HourTable, KeyFigures, MethodTable, ProductTable } from "./figures-tables";
import "./figures.css";

/** One local day's end-of-day report, laid out to be printed (the app's frame and the buttons are left off paper). */
export function EndOfDayPage() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const timeZone = useRestaurantSummary(restaurantId)?.timeZone;
  // The day is in the address, beside the figures' period that the way back returns to.
  const [search, setSearch] = useSearchParams();
  if (!timeZone) return <Loading />;
  const asked = search.get("date");
  const readable = asked === null || isLocalDate(asked);
  const date = asked !== null && readable ? asked : localParts(new Date(), timeZone).date;
  const period = periodFromSearch(search);
  const choose = (day: string) => setSearch(endOfDaySearch(period, day), { replace: true, state: SAME_PAGE_STATE });
  return (
    <section aria-labelledby="end-of-day-title" className="end-of-day">
      {!readable && (
        <p className="notice warn no-print" role="status">
          {t("figures.endOfDay.unreadable")}
        </p>
      )}
      <div className="end-of-day-tools no-print">
        <Link to={{ pathname: "..", search: `${periodSearch(period)}` }} relative="path" className="button">
          {t("figures.endOfDay.back")}
        </Link>
        <div className="field">
          <label htmlFor="end-of-day-date">{t("figures.endOfDay.date")}</label>
          <input
            id="end-of-day-date"
            type="date"
            value={date}
            required
            onChange={(event) => isLocalDate(event.target.value) && choose(event.target.value)}
          />
        </div>
        <button type="button" className="button primary" onClick={() => window.print()}>
          {t("figures.endOfDay.print")}
        </button>
      </div>
      <Report restaurantId={restaurantId} date={date} />
    </section>
  );
}

function Report({ restaurantId, date }: { restaurantId: number; date: string }) {
  const report = useQuery(endOfDayQuery(restaurantId, date));
  if (report.isPending) return <Loading />;
  if (report.isError) return <LoadFailed />;
  return <ReportSheet report={report.data} />;
}

function ReportSheet({ report }: { report: EndOfDayReport }) {
  const { t, i18n } = useTranslation();
  const { figures } = report;
  return (
    <article className="report-sheet">
      <header>
        <h2 id="end-of-day-title">
          {t("figures.endOfDay.title")} · {dateText(report.date, i18n.language)}
        </h2>
        <p>
          <strong>{report.restaurant.name}</strong>
          <br />
          {report.restaurant.address}
          <br />
          {t("figures.endOfDay.cvr")} {report.restaurant.cvrNumber}
        </p>
        <p className="muted">
          {report.receiptNumbers
            ? t("figures.endOfDay.receipts", report.receiptNumbers)
            : t("figures.endOfDay.noReceipts")}
          {" · "}
          {t("figures.endOfDay.generated", {
            at: dateTimeText(report.generatedUtc, figures.timeZone, i18n.language),
          })}
        </p>
      </header>
      <KeyFigures figures={figures} />
      <MethodTable figures={figures} />
      <div className="figures-table">
        <HourTable hours={figures.byHour} />
      </div>
      <ProductTable caption={t("figures.tables.topBySales")} products={figures.topBySales} />
    </article>
  );
}

import { useTranslation } from "react-i18next";
import { clockTime, countdown } from "../format";
import { useNow } from "./use-now";

/**
 * "12:30 · in 12 min" / "12:30 · 5 min late": the ready time and how far off it is, renewed every 10 s (a finished
 * order: the time only).
 */
export function ReadyCountdown(props: { readyTime: string; delivery: boolean; finished: boolean }) {
  const { readyTime, delivery, finished } = props;
  const { t } = useTranslation();
  const left = countdown(readyTime, useNow(10_000));
  return (
    <span className={`ready-time ${left.kind}`}>
      <span className="visually-hidden">{t(delivery ? "orders.deliveryAt" : "orders.pickupAt")} </span>
      <time dateTime={readyTime}>{clockTime(readyTime)}</time>
      {!finished && <span className="countdown"> · {t(`orders.countdown.${left.kind}`, { count: left.minutes })}</span>}
    </span>
  );
}

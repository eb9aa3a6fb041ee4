import type { TFunction } from "i18next";
import { clockTime, daysFromToday } from "../../lib/clock";

/** "today 14:30", "tomorrow 00:00" or "Mon 14:30" on the restaurant's clock. */
export function whenText(t: TFunction, iso: string, now: Date, timeZone: string, language: string): string {
  const time = clockTime(iso, timeZone);
  const days = daysFromToday(iso, now, timeZone);
  if (days === 0) return t("availability.today", { time });
  if (days === 1) return t("availability.tomorrow", { time });
  const weekday = new Intl.DateTimeFormat(language, { timeZone, weekday: "short" }).format(new Date(iso));
  return `${weekday} ${time}`;
}

import { clockTime, daysFromToday } from "../../lib/clock";

/**
 * When someone saved, on the restaurant's clock: "14:30" today, with the date before it on another day
 * ("28. nov. 14:30" / "Nov 28, 14:30"), in the person's language.
 */
export function editTimeText(iso: string, now: Date, timeZone: string, language: string): string {
  const time = clockTime(iso, timeZone);
  if (daysFromToday(iso, now, timeZone) === 0) return time;
  const date = new Intl.DateTimeFormat(language, { timeZone, day: "numeric", month: "short" }).format(new Date(iso));
  return `${date} ${time}`;
}

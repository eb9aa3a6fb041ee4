import { addDays } from "@app/domain";

export type PickupDateText = { label: string; detail: string };

/**
 * A date as a guest reads it in the UI language: "Today" / "Tomorrow", then the weekday ("Wednesday",
 * Danish "Onsdag"), each with the short date ("Nov 25", "25. nov."). `date` and `today` are the
 * restaurant's local dates (YYYY-MM-DD), so they are formatted as calendar days (noon UTC, read in UTC):
 * the guest's own time zone must not move them to another day.
 */
export function pickupDateText(
  date: string,
  today: string,
  language: string,
  words: { today: string; tomorrow: string },
): PickupDateText {
  const day = new Date(`${date}T12:00:00Z`);
  const detail = new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(day);
  if (date === today) return { label: words.today, detail };
  if (date === addDays(today, 1)) return { label: words.tomorrow, detail };
  const weekday = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(day);
  // Danish weekdays are lower-case mid-sentence; as a tile's first word they take a capital.
  return { label: weekday.charAt(0).toLocaleUpperCase(language) + weekday.slice(1), detail };
}

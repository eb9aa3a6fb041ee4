/** The app's two languages; any other reads as Danish. */
const localeOf = (language: string) => (language === "en-US" ? "en-US" : "da-DK");

/**
 * A restaurant's calendar date "2027-01-31" as a person reads it: "31. jan. 2027", "Jan 31, 2027"; with its weekday
 * when asked ("søn. 31. jan. 2027", "Sun, Jan 31, 2027").
 */
export function dateText(date: string, language: string, { weekday = false } = {}): string {
  // Noon UTC of that date, formatted in UTC: the same calendar day whatever the browser's own zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(localeOf(language), {
    timeZone: "UTC",
    ...(weekday && { weekday: "short" }),
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/**
 * A date field's value in the app's language, with its weekday ("lør. 2. jan. 2027", "Sat, Jan 2, 2027"). A native
 * date field shows the browser's own order and language, not the app's (01/02/2027 on an English laptop is 2 January
 * to its Danish manager, 1 February to the field), so the field says in words which day it holds. Undefined while
 * the value is no whole date (empty, or a field half typed).
 */
export function dateInWords(value: string, language: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return undefined;
  return dateText(value, language, { weekday: true });
}

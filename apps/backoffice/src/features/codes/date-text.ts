/** A restaurant's calendar date "2027-01-31" as a person reads it: "31. jan. 2027", "Jan 31, 2027". */
export function dateText(date: string, language: string): string {
  // Noon UTC of that date, formatted in UTC: the same calendar day whatever the browser's own zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language, {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/**
 * Times on the restaurant's clock (its time zone), however the screen's own clock is set: a kitchen tablet left
 * on UTC must still say 12:30 for half past twelve in Copenhagen.
 */

/**
 * "14:30" on the restaurant's clock: HH:MM with a colon in both languages, as the storefront and the guest's
 * confirmation write it (Danish Intl would write 14.30, so the format is en-GB's, not the person's language).
 */
export function clockTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(instant),
  );
}

/** The restaurant's calendar date of an instant, as YYYY-MM-DD. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** 0 for the restaurant's today, 1 for tomorrow, … (days between the two local dates). */
export function daysFromToday(iso: string, now: Date, timeZone: string): number {
  const day = (at: Date) => Date.parse(`${localDate(at, timeZone)}T00:00:00Z`);
  return Math.round((day(new Date(iso)) - day(now)) / 86_400_000);
}

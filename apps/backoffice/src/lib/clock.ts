/**
 * Times on the restaurant's clock (its time zone), however the screen's own clock is set: a kitchen tablet left
 * on UTC must still say 12:30 for half past twelve in Copenhagen.
 */

/**
 * "14:30" on the restaurant's clock: HH:MM with a colon in both languages, as the storefront and the guest's
 * confirmation write it (Danish Intl would write 14.30, so the format is en-GB's, not the person's language).
 * The back office's one way to write a time of day: every time it shows, alone or after a date, is this.
 */
export function clockTime(instant: string | Date, timeZone: string): string {
  return hoursAndMinutes(instant, timeZone);
}

/**
 * An instant's date and time: the date in the person's language, the time as clockTime writes it, as the menu
 * editor's "28. nov. 14:30" does ("30. nov. 2026 14:30" / "Nov 30, 2026 14:30"). Intl's own date-and-time would
 * write Danish "14.30" and English "2:30 PM", beside the order screens' "14:30" on the same page. `timeZone`
 * undefined reads the screen's own clock, for an organisation's change that no restaurant's clock owns.
 */
export function dateTimeText(
  instant: string | Date,
  timeZone: string | undefined,
  language: string,
  dateStyle: "short" | "medium" = "medium",
): string {
  const date = new Intl.DateTimeFormat(language, { timeZone, dateStyle }).format(new Date(instant));
  return `${date} ${hoursAndMinutes(instant, timeZone)}`;
}

function hoursAndMinutes(instant: string | Date, timeZone: string | undefined): string {
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

/** The Weekday.* message of an ISO weekday (1 = Monday … 7 = Sunday; the messages count Sunday as 0). */
export function weekdayKey(isoWeekday: number): string {
  return `Weekday.${isoWeekday % 7}`;
}

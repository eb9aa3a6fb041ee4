/**
 * Monday … Sunday in a language, ISO numbered 1–7 (2026-11-23 is a Monday). As a heading or list entry, each starts
 * with a capital; inside a sentence, as the language writes it: Danish weekdays are lower case ("Kopiér mandag til
 * alle dage", not "Kopiér Mandag"), English ones are capitalised anyway.
 */
export function weekdayNames(language: string, place: "heading" | "sentence"): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const name = format.format(new Date(Date.UTC(2026, 10, 22 + weekday)));
    return place === "heading" ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  });
}

/**
 * Menu display rules and constants (SPEC §5, §9).
 */
import { parseHhMm } from "./local-time";

/** Category internalName of the lunch menu. */
export const LUNCH_CATEGORY_INTERNAL_NAME = "frokostkategori";
export const LUNCH_CUTOFF_HOUR = 16;
/** Products sold one at a time with no quantity section, matched by Danish name. */
export const NO_QUANTITY_PRODUCT_NAMES = ["dips", "salat", "sauce", "bagt kartoffel"] as const;

/**
 * The lunch category only shows on a day the restaurant opens before 16:00, and only until 16:00.
 * Closed today (no opening time) means no lunch.
 */
export function isLunchCategoryVisible(todayOpens: string | null, currentHour: number): boolean {
  if (todayOpens === null) return false;
  return parseHhMm(todayOpens) < LUNCH_CUTOFF_HOUR * 60 && currentHour < LUNCH_CUTOFF_HOUR;
}

/** Whole-name match, ignoring case and surrounding space: "Sauce" hides it, "Sauce bearnaise" does not. */
export function showsQuantitySection(danishName: string): boolean {
  const name = danishName.trim().toLowerCase();
  return !NO_QUANTITY_PRODUCT_NAMES.some((noQuantityName) => noQuantityName === name);
}

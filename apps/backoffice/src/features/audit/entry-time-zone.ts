import type { AuditEntry } from "@app/contracts";

type Restaurant = { id: number; organisationId: number; timeZone: string };

/** Where the back office keeps time when it knows no restaurant's clock (as the order and kitchen screens do). */
const FALLBACK_ZONE = "Europe/Copenhagen";

/**
 * The clock an entry's times are read on: its restaurant's; for a change to the organisation (staff, payments), its
 * first restaurant's. Not the browser's: a manager at home abroad, or a laptop set to UTC, read "07:04" for a change
 * the kitchen made at 08:04, while the order and its refund beside it showed 08:04.
 */
export function entryTimeZone(
  entry: Pick<AuditEntry, "productionUnitId" | "organisationId">,
  restaurants: readonly Restaurant[],
): string {
  const own = restaurants.find((restaurant) => restaurant.id === entry.productionUnitId);
  const sibling = restaurants.find((restaurant) => restaurant.organisationId === entry.organisationId);
  return (own ?? sibling)?.timeZone ?? FALLBACK_ZONE;
}

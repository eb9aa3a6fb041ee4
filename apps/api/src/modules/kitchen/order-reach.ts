import { AppError, notFound } from "../../errors";
import { EVERY_ROLE, requireRestaurant, type SignedInStaff } from "../staff";

/**
 * Staff and up of the order's restaurant may see and change it. Outside the account's reach the order is "not
 * found", word for word as one that does not exist: the answer must not tell that it does (nor whose it is).
 * Answers the organisation of the covering membership (for the audit entry).
 */
export function requireOrderReach(staff: SignedInStaff, productionUnitId: number): number {
  try {
    return requireRestaurant(staff, productionUnitId, EVERY_ROLE).organisationId;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw notFound("Order");
    throw error;
  }
}

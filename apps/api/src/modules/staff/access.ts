/**
 * Who may do what in the back office. An account reaches only its organisations' restaurants: anything
 * else is 404, as if it did not exist (a 403 would confirm that it does). Inside its reach, a role too low
 * for the action is 403.
 */
import type { StaffRole } from "@app/contracts";
import { AppError, notFound } from "../../errors";
import type { SignedInStaff } from "./admin-scope";
import type { MembershipView } from "./repository";

/** The OpenAPI tag of every back-office route. */
export const ADMIN_TAGS = ["Back office"];

/** The request's signed-in staff member: the scope's gate has answered 401 already on a route that needs one. */
export function signedInStaff(request: { staff: SignedInStaff | null }): SignedInStaff {
  if (!request.staff) throw new AppError("unauthorized", "SIGN_IN_REQUIRED", "Sign in to the back office first");
  return request.staff;
}

const tooLow = () => new AppError("forbidden", "ROLE_TOO_LOW", "Your role does not allow this");

/** The membership that covers the restaurant, if its role is one of `roles`; 404 when none covers it. */
export function requireRestaurant(
  staff: SignedInStaff,
  productionUnitId: number,
  roles: readonly StaffRole[],
): MembershipView {
  const covering = staff.memberships.find((m) => m.productionUnitIds.includes(productionUnitId));
  if (!covering) throw notFound("Restaurant");
  if (!roles.includes(covering.role)) throw tooLow();
  return covering;
}

/** The account's membership of the organisation, if its role is one of `roles`; 404 when not a member. */
export function requireOrganisation(
  staff: SignedInStaff,
  organisationId: number,
  roles: readonly StaffRole[],
): MembershipView {
  const member = staff.memberships.find((m) => m.organisationId === organisationId);
  if (!member) throw notFound("Organisation");
  if (!roles.includes(member.role)) throw tooLow();
  return member;
}

export const EVERY_ROLE: readonly StaffRole[] = ["owner", "manager", "staff"];
export const MANAGERS: readonly StaffRole[] = ["owner", "manager"];
export const OWNERS: readonly StaffRole[] = ["owner"];

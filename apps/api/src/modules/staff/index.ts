export {
  ADMIN_TAGS,
  EVERY_ROLE,
  MANAGERS,
  OWNERS,
  requireOrganisation,
  requireRestaurant,
  signedInStaff,
} from "./access";
export {
  CSRF_HEADER,
  clearSessionCookie,
  hashSecret,
  membershipsOfLiveSession,
  newSecret,
  registerAdminScope,
  SESSION_COOKIE,
  type SignedInStaff,
  setSessionCookie,
} from "./admin-scope";
export { type AlertRecipient, findAlertRecipients } from "./alert-recipients";
export { type CreatedOwner, type CreateOwnerRequest, createOwner } from "./create-owner";
export { describeEdit, describeEditsOnce, type EditedRow, editConflict } from "./edit-conflict";
export { linkUrl } from "./links";
export type { MembershipView } from "./repository";

/**
 * An organisation's members as owners and managers run them: invite by email, list, and change role, restaurants
 * or disabled. An owner does all of it for any role; a manager only for staff of the restaurants their own
 * membership covers. The organisation always keeps an enabled owner. Every change is audited in its transaction.
 *
 * An invite makes a membership that waits for the person's consent and gives no access until then: a new address
 * gets an account without a password and an invite link (choosing the password accepts), an existing account (a
 * person who may work for another organisation) gets a join link to accept. Both look the same to the inviter
 * (the email, the name they typed, invitationPending), so an invite tells no one whether an address has an
 * account, nor that account's name.
 */
import type { InviteRequest, StaffMember, StaffRole } from "@app/contracts";
import type { Db, Executor } from "@app/db";
import type { FastifyBaseLogger } from "fastify";
import { AppError, conflict, invalid, notFound } from "../../errors";
import { recordAudit } from "../audit";
import type { EmailSender } from "../receipt";
import { MANAGERS, requireOrganisation } from "./access";
import type { SignedInStaff } from "./admin-scope";
import { linkEmail } from "./emails";
import { invitationOrigin, type RequestOrigin } from "./link-origin";
import { createLink, LINK_VALIDITY_WORDS, linkUrl } from "./links";
import {
  belongsElsewhere,
  deletePendingMembership,
  deleteSessionsOfAccount,
  deleteUnusedAccount,
  findAccountByEmail,
  findMembers,
  findOrganisationName,
  insertAccount,
  insertMembership,
  lockEnabledOwners,
  type MemberRow,
  type MembershipView,
  restaurantIdsOfOrganisation,
  setDisabled,
  updateMembership,
} from "./repository";

export type MemberDeps = {
  db: Db;
  now: () => Date;
  email: EmailSender;
  log: FastifyBaseLogger;
  /** PUBLIC_URL's origin: when set, invitation links are on it. */
  publicOrigin: string | undefined;
};

const roleTooLow = () => new AppError("forbidden", "ROLE_TOO_LOW", "Your role does not allow this");

/**
 * What a member looks like in answers and in the audit log (an owner covers every restaurant). Until they accept,
 * nothing of the account shows: the name is the one the inviter typed, active and disabled are false (whether the
 * address has an account, its name, password or disabled flag are not the inviting organisation's to learn).
 */
function memberView(row: MemberRow, organisationUnits: number[]): StaffMember {
  return {
    accountId: row.accountId,
    email: row.email,
    name: row.pending ? (row.invitedName ?? "") : row.name,
    role: row.role,
    productionUnitIds: row.role === "owner" ? organisationUnits : row.namedUnitIds,
    disabled: row.pending ? false : row.disabled,
    active: row.pending ? false : row.active,
    invitationPending: row.pending,
  };
}

/** Whether a manager's membership may handle this member: staff only, of the manager's restaurants only. */
function managerMayHandle(actor: MembershipView, role: StaffRole, unitIds: number[]): boolean {
  return role === "staff" && unitIds.every((id) => actor.productionUnitIds.includes(id));
}

/** A manager does not learn of members outside their restaurants: to them those are not found. */
function requireSeenByManager(actor: MembershipView, member: StaffMember): void {
  if (!member.productionUnitIds.some((id) => actor.productionUnitIds.includes(id))) throw notFound("Member");
}

/**
 * The restaurants a new or changed membership names: none for an owner (it covers all); at least one, all of this
 * organisation, for a manager or staff member.
 */
async function checkedUnits(db: Executor, organisationId: number, role: StaffRole, unitIds: number[]) {
  if (role === "owner") return [];
  const unique = [...new Set(unitIds)].sort((a, b) => a - b);
  if (unique.length === 0) {
    throw invalid(
      "Input.RestaurantRequired",
      "A manager or staff member needs at least one restaurant",
      "productionUnitIds",
    );
  }
  const ofOrganisation = await restaurantIdsOfOrganisation(db, organisationId);
  const index = unique.findIndex((id) => !ofOrganisation.includes(id));
  if (index >= 0) {
    throw invalid("Input.UnknownRestaurant", "No such restaurant in this organisation", `productionUnitIds.${index}`);
  }
  return unique;
}

export async function listMembers(db: Db, staff: SignedInStaff, organisationId: number): Promise<StaffMember[]> {
  const actor = requireOrganisation(staff, organisationId, MANAGERS);
  const units = await restaurantIdsOfOrganisation(db, organisationId);
  const members = (await findMembers(db, organisationId)).map((row) => memberView(row, units));
  if (actor.role === "owner") return members;
  // A manager sees the people of their restaurants (owners cover them all).
  return members.filter((member) => member.productionUnitIds.some((id) => actor.productionUnitIds.includes(id)));
}

export async function inviteMember(
  deps: MemberDeps,
  staff: SignedInStaff,
  organisationId: number,
  request: InviteRequest,
  client: RequestOrigin,
): Promise<StaffMember> {
  const { db, now } = deps;
  const actor = requireOrganisation(staff, organisationId, MANAGERS);
  const unitIds = await checkedUnits(db, organisationId, request.role, request.productionUnitIds);
  if (actor.role === "manager" && !managerMayHandle(actor, request.role, unitIds)) throw roleTooLow();
  // Not the Host header as sent: the mail goes to someone else, and its link must lead to this server.
  const origin = await invitationOrigin(db, organisationId, client, deps.publicOrigin);
  if (origin === undefined) {
    throw conflict(
      "INVITE_NEEDS_ADDRESS",
      "The organisation has no restaurant with a host name yet, so an invitation link has no address; create a restaurant first",
    );
  }
  const at = now();
  const invited = await db.transaction(async (tx) => {
    const existing = await findAccountByEmail(tx, request.email);
    if (existing && (await findMembers(tx, organisationId, existing.id)).length > 0) {
      throw conflict("ALREADY_MEMBER", "This email is already a member of the organisation");
    }
    const accountId = existing?.id ?? (await insertAccount(tx, { email: request.email, name: request.name }));
    // Pending for a new account too, until its password is chosen through the invite link: then a new address and
    // an existing account look alike to the inviter, and nobody else can use the new account before that anyway.
    const membershipId = await insertMembership(tx, {
      accountId,
      organisationId,
      role: request.role,
      productionUnitIds: unitIds,
      acceptedAt: null,
      invitedName: request.name,
    });
    const purpose = existing ? "join" : "invite";
    const token = await createLink(tx, accountId, purpose, at, membershipId);
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId: null,
      action: "staff.invite",
      before: null,
      after: { email: request.email, name: request.name, role: request.role, productionUnitIds: unitIds },
    });
    return { accountId, token, purpose } as const;
  });
  const organisationName = (await findOrganisationName(db, organisationId)) ?? "";
  const message = linkEmail({
    to: request.email,
    purpose: invited.purpose,
    url: linkUrl(origin, invited.token),
    organisationName,
    role: request.role,
    validFor: LINK_VALIDITY_WORDS[invited.purpose],
  });
  // The invitation stands even when the mail fails (logged); it is not accepted without its link.
  await deps.email.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, organisationId, accountId: invited.accountId }, "staff invite email not sent");
  });
  const [row] = await findMembers(db, organisationId, invited.accountId);
  return memberView(row!, await restaurantIdsOfOrganisation(db, organisationId));
}

export type MemberChange = { role?: StaffRole; productionUnitIds?: number[]; disabled?: boolean };

/**
 * Changes a member's role, restaurants or disabled flag. Disabling ends every session of the account in the same
 * transaction; the organisation's last enabled owner cannot be demoted or disabled (409 LAST_OWNER), nor can an
 * account that is also another organisation's member (409 ACCOUNT_SHARED) or has not accepted the invitation yet
 * (409 INVITATION_PENDING).
 */
export async function updateMember(
  deps: Pick<MemberDeps, "db" | "now">,
  staff: SignedInStaff,
  organisationId: number,
  accountId: string,
  change: MemberChange,
): Promise<StaffMember> {
  const { db, now } = deps;
  const actor = requireOrganisation(staff, organisationId, MANAGERS);
  const at = now();
  return db.transaction(async (tx) => {
    const owners = await lockEnabledOwners(tx, organisationId);
    const [current] = await findMembers(tx, organisationId, accountId);
    if (!current) throw notFound("Member");
    const units = await restaurantIdsOfOrganisation(tx, organisationId);
    const before = memberView(current, units);
    const role = change.role ?? current.role;
    const roleChanges = role !== current.role;
    const named =
      change.productionUnitIds !== undefined || roleChanges
        ? await checkedUnits(tx, organisationId, role, change.productionUnitIds ?? current.namedUnitIds)
        : current.namedUnitIds;
    if (actor.role === "manager") {
      const allowed =
        managerMayHandle(actor, current.role, before.productionUnitIds) && managerMayHandle(actor, role, named);
      requireSeenByManager(actor, before);
      if (!allowed) throw roleTooLow();
    }
    // A pending member's account is not the organisation's to disable (it may be another organisation's person).
    if (current.pending && change.disabled === true) {
      throw conflict("INVITATION_PENDING", "This person has not accepted the invitation yet; they cannot be disabled");
    }
    const disabled = current.pending ? current.disabled : (change.disabled ?? current.disabled);
    const stopsBeingOwner = current.role === "owner" && (role !== "owner" || disabled);
    if (stopsBeingOwner && !owners.some((owner) => owner !== accountId)) {
      throw conflict("LAST_OWNER", "The organisation must keep an enabled owner");
    }
    await updateMembership(tx, current.membershipId, {
      ...(roleChanges ? { role } : {}),
      ...(change.productionUnitIds !== undefined || roleChanges ? { productionUnitIds: named } : {}),
    });
    if (disabled !== current.disabled) {
      // The flag is the account's, in every organisation: one organisation must not lock a person out of another
      // (an owner could otherwise invite someone's existing account and then disable it).
      if (await belongsElsewhere(tx, accountId, organisationId)) {
        throw conflict(
          "ACCOUNT_SHARED",
          "This person also works for another organisation; change their role or restaurants instead",
        );
      }
      await setDisabled(tx, accountId, disabled);
      // Signed out everywhere at once: every process reads sessions from the database.
      if (disabled) await deleteSessionsOfAccount(tx, accountId);
    }
    const [updated] = await findMembers(tx, organisationId, accountId);
    const after = memberView(updated!, units);
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId: null,
      action: "staff.update",
      before: auditedFields(before),
      after: auditedFields(after),
    });
    return after;
  });
}

/**
 * Withdraws an invitation the person has not accepted (an address typed wrong, a person who will not start): the
 * pending membership is deleted with its links, so the mailed link no longer works, and the account too when the
 * invite made it and nobody used it (no password, no other membership). Who may invite that role to those
 * restaurants may withdraw it; 409 INVITATION_ACCEPTED once the person has accepted (then they are a member, whom
 * a role change or disabling handles).
 */
export async function withdrawInvitation(
  deps: Pick<MemberDeps, "db" | "now">,
  staff: SignedInStaff,
  organisationId: number,
  accountId: string,
): Promise<void> {
  const { db, now } = deps;
  const actor = requireOrganisation(staff, organisationId, MANAGERS);
  const at = now();
  await db.transaction(async (tx) => {
    const [current] = await findMembers(tx, organisationId, accountId);
    if (!current) throw notFound("Member");
    const member = memberView(current, await restaurantIdsOfOrganisation(tx, organisationId));
    if (actor.role === "manager") {
      // As for a change: members of theirs whom they may not handle are 403.
      requireSeenByManager(actor, member);
      if (!managerMayHandle(actor, member.role, member.productionUnitIds)) throw roleTooLow();
    }
    if (!(await deletePendingMembership(tx, current.membershipId))) {
      throw conflict(
        "INVITATION_ACCEPTED",
        "This person has accepted the invitation and is a member now; change their role or disable them instead",
      );
    }
    await deleteUnusedAccount(tx, accountId);
    await recordAudit(tx, staff, at, {
      organisationId,
      productionUnitId: null,
      action: "staff.withdraw",
      before: {
        email: member.email,
        name: member.name,
        role: member.role,
        productionUnitIds: member.productionUnitIds,
      },
      after: null,
    });
  });
}

const auditedFields = (member: StaffMember) => ({
  email: member.email,
  role: member.role,
  productionUnitIds: member.productionUnitIds,
  disabled: member.disabled,
});

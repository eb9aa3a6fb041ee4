/**
 * The staff tables (schema/staff.ts): this module owns accounts, memberships, sessions and links. An organisation's
 * restaurants are tenancy's (production_unit): asked of it.
 */
import { type Executor, schema } from "@app/db";
import { and, eq, gt, inArray, isNotNull, isNull, ne, notExists, or } from "@app/db/orm";
import { findOrganisationUnits } from "../tenancy";

const { staffAccount, staffSession, staffLink, membership, membershipUnit, organisation } = schema;

export type SessionRow = typeof staffSession.$inferSelect;
export type AccountRow = typeof staffAccount.$inferSelect;

export async function findSession(db: Executor, idHash: string) {
  const rows = await db
    .select({ session: staffSession, account: staffAccount })
    .from(staffSession)
    .innerJoin(staffAccount, eq(staffAccount.id, staffSession.accountId))
    .where(eq(staffSession.idHash, idHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, idHash: string, at: Date): Promise<void> {
  await db.update(staffSession).set({ lastSeenAt: at }).where(eq(staffSession.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.idHash, idHash));
}

export type MembershipView = {
  organisationId: number;
  organisationName: string;
  role: "owner" | "manager" | "staff";
  productionUnitIds: number[];
};

/**
 * The account's accepted memberships with the restaurants each covers: an owner's covers every restaurant of the
 * organisation, a manager's or staff member's the ones named in membership_unit (of that organisation only). What
 * a session may reach: a membership still waiting for the person's consent (accepted_at null) is left out.
 */
export async function findMemberships(db: Executor, accountId: string): Promise<MembershipView[]> {
  const rows = await db
    .select({
      id: membership.id,
      organisationId: membership.organisationId,
      role: membership.role,
      name: organisation.name,
    })
    .from(membership)
    .innerJoin(organisation, eq(organisation.id, membership.organisationId))
    .where(and(eq(membership.accountId, accountId), isNotNull(membership.acceptedAt)))
    .orderBy(membership.organisationId);
  if (rows.length === 0) return [];
  const organisationIds = rows.map((row) => row.organisationId);
  const units = await findOrganisationUnits(db, organisationIds);
  const named = await db
    .select({ membershipId: membershipUnit.membershipId, productionUnitId: membershipUnit.productionUnitId })
    .from(membershipUnit)
    .innerJoin(membership, eq(membership.id, membershipUnit.membershipId))
    .where(and(eq(membership.accountId, accountId)));
  return rows.map((row) => {
    const ofOrganisation = units.filter((unit) => unit.organisationId === row.organisationId).map((unit) => unit.id);
    const covered =
      row.role === "owner"
        ? ofOrganisation
        : ofOrganisation.filter((id) => named.some((n) => n.membershipId === row.id && n.productionUnitId === id));
    return {
      organisationId: row.organisationId,
      organisationName: row.name,
      role: row.role,
      productionUnitIds: covered,
    };
  });
}

// ---- Accounts and sessions (sign-in, sign-out) ----

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(staffAccount).where(eq(staffAccount.email, email)).limit(1);
  return rows[0];
}

export async function findAccount(db: Executor, accountId: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(staffAccount).where(eq(staffAccount.id, accountId)).limit(1);
  return rows[0];
}

export async function insertSession(
  db: Executor,
  session: { idHash: string; accountId: string; csrfToken: string; at: Date },
): Promise<void> {
  const { idHash, accountId, csrfToken, at } = session;
  await db.insert(staffSession).values({ idHash, accountId, csrfToken, createdAt: at, lastSeenAt: at });
}

/** Every session of the account, in every browser: sign out everywhere, a new password, a disabled account. */
export async function deleteSessionsOfAccount(db: Executor, accountId: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.accountId, accountId));
}

export async function insertAccount(db: Executor, account: { email: string; name: string }): Promise<string> {
  const [row] = await db.insert(staffAccount).values(account).returning({ id: staffAccount.id });
  return row!.id;
}

export async function setPassword(db: Executor, accountId: string, passwordHash: string, name?: string): Promise<void> {
  await db
    .update(staffAccount)
    .set({ passwordHash, ...(name !== undefined ? { name } : {}) })
    .where(eq(staffAccount.id, accountId));
}

/**
 * Whether the account is also an accepted member of an organisation other than this one (an invitation it has not
 * accepted does not count: another organisation must not stop this one from disabling its own member by inviting).
 */
export async function belongsElsewhere(db: Executor, accountId: string, organisationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: membership.id })
    .from(membership)
    .where(
      and(
        eq(membership.accountId, accountId),
        ne(membership.organisationId, organisationId),
        isNotNull(membership.acceptedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function setDisabled(db: Executor, accountId: string, disabled: boolean): Promise<void> {
  await db.update(staffAccount).set({ disabled }).where(eq(staffAccount.id, accountId));
}

// ---- Single-use links ----

export type LinkRow = typeof staffLink.$inferSelect;

export async function insertLink(
  db: Executor,
  link: {
    tokenHash: string;
    purpose: LinkRow["purpose"];
    accountId: string;
    expiresAt: Date;
    membershipId: number | null;
  },
): Promise<void> {
  await db.insert(staffLink).values(link);
}

/** The link if it is unused and not yet expired at `now`, with its account. */
export async function findLiveLink(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({ link: staffLink, account: staffAccount })
    .from(staffLink)
    .innerJoin(staffAccount, eq(staffAccount.id, staffLink.accountId))
    .where(and(eq(staffLink.tokenHash, tokenHash), isNull(staffLink.usedAt), gt(staffLink.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/**
 * Marks the link used if it still is unused and alive: one conditional update, so of two requests racing with
 * one link exactly one gets the row back (the other's update finds used_at set, or waits for its commit).
 */
export async function claimLink(db: Executor, tokenHash: string, now: Date): Promise<LinkRow | undefined> {
  const rows = await db
    .update(staffLink)
    .set({ usedAt: now })
    .where(and(eq(staffLink.tokenHash, tokenHash), isNull(staffLink.usedAt), gt(staffLink.expiresAt, now)))
    .returning();
  return rows[0];
}

/**
 * Ends the account's other unused password links: once a password is set, an older reset, invite or setup link
 * must not set another. An invite link that names a membership still waiting for consent becomes a join link (it
 * only accepts), so the invitation can still be accepted; join links stay as they are.
 */
export async function endLinksOfAccount(db: Executor, accountId: string, now: Date): Promise<void> {
  const unused = and(eq(staffLink.accountId, accountId), isNull(staffLink.usedAt));
  await db
    .update(staffLink)
    .set({ purpose: "join" })
    .where(and(unused, eq(staffLink.purpose, "invite"), isNotNull(staffLink.membershipId)));
  await db
    .update(staffLink)
    .set({ usedAt: now })
    .where(and(unused, ne(staffLink.purpose, "join")));
}

// ---- Organisations and memberships ----

export async function insertOrganisation(db: Executor, name: string): Promise<number> {
  const [row] = await db.insert(organisation).values({ name }).returning({ id: organisation.id });
  return row!.id;
}

export async function findOrganisationName(db: Executor, organisationId: number): Promise<string | undefined> {
  const rows = await db
    .select({ name: organisation.name })
    .from(organisation)
    .where(eq(organisation.id, organisationId))
    .limit(1);
  return rows[0]?.name;
}

/**
 * The organisations whose restaurants' host names a reset link of the account may be on (password-reset.ts): those
 * of the memberships the person accepted, and, for an account that never had a password, its invitation's too.
 */
export async function organisationsOfOwnHosts(db: Executor, accountId: string): Promise<number[]> {
  const rows = await db
    .select({ organisationId: membership.organisationId })
    .from(membership)
    .innerJoin(staffAccount, eq(staffAccount.id, membership.accountId))
    .where(
      and(eq(membership.accountId, accountId), or(isNotNull(membership.acceptedAt), isNull(staffAccount.passwordHash))),
    );
  return rows.map((row) => row.organisationId);
}

export async function restaurantIdsOfOrganisation(db: Executor, organisationId: number): Promise<number[]> {
  return (await findOrganisationUnits(db, [organisationId])).map((unit) => unit.id);
}

/** A new membership, accepted at `acceptedAt` or, with null, waiting for the person's consent; answers its id. */
export async function insertMembership(
  db: Executor,
  member: {
    accountId: string;
    organisationId: number;
    role: MembershipView["role"];
    productionUnitIds: number[];
    acceptedAt: Date | null;
    /** The name the inviter typed, shown to the organisation while the membership waits. */
    invitedName?: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(membership)
    .values({
      accountId: member.accountId,
      organisationId: member.organisationId,
      role: member.role,
      acceptedAt: member.acceptedAt,
      invitedName: member.invitedName ?? null,
    })
    .returning({ id: membership.id });
  await insertMembershipUnits(db, row!.id, member.productionUnitIds);
  return row!.id;
}

/** The membership a join or invite link names, with its organisation's name. */
export async function findMembershipById(db: Executor, membershipId: number) {
  const rows = await db
    .select({
      organisationId: membership.organisationId,
      organisationName: organisation.name,
      role: membership.role,
      acceptedAt: membership.acceptedAt,
    })
    .from(membership)
    .innerJoin(organisation, eq(organisation.id, membership.organisationId))
    .where(eq(membership.id, membershipId))
    .limit(1);
  return rows[0];
}

/**
 * Marks the membership accepted if it still waits: answers its organisation and role, or undefined when it was
 * accepted already (one conditional update, so two acceptances racing record one).
 */
export async function acceptMembership(db: Executor, membershipId: number, at: Date) {
  const rows = await db
    .update(membership)
    .set({ acceptedAt: at })
    .where(and(eq(membership.id, membershipId), isNull(membership.acceptedAt)))
    .returning({ organisationId: membership.organisationId, role: membership.role });
  return rows[0];
}

/**
 * Deletes the membership if it still waits for consent (one conditional delete: an acceptance racing with it either
 * commits first, and then nothing is deleted, or finds its link gone). Its links go with it (ON DELETE CASCADE), so
 * the mailed invite or join link is unknown from then on. Answers whether it was deleted.
 */
export async function deletePendingMembership(db: Executor, membershipId: number): Promise<boolean> {
  const rows = await db
    .delete(membership)
    .where(and(eq(membership.id, membershipId), isNull(membership.acceptedAt)))
    .returning({ id: membership.id });
  return rows.length > 0;
}

/**
 * Deletes the account if nobody ever used it: no password and no membership left (an invite to a new address made
 * it). Its remaining links go with it; an account with a password or another membership stays as it is.
 */
export async function deleteUnusedAccount(db: Executor, accountId: string): Promise<void> {
  await db
    .delete(staffAccount)
    .where(
      and(
        eq(staffAccount.id, accountId),
        isNull(staffAccount.passwordHash),
        notExists(db.select({ id: membership.id }).from(membership).where(eq(membership.accountId, accountId))),
      ),
    );
}

async function insertMembershipUnits(db: Executor, membershipId: number, productionUnitIds: number[]): Promise<void> {
  if (productionUnitIds.length === 0) return;
  await db
    .insert(membershipUnit)
    .values(productionUnitIds.map((productionUnitId) => ({ membershipId, productionUnitId })));
}

/** Changes a membership's role and, when given, the restaurants it names (replacing the old ones). */
export async function updateMembership(
  db: Executor,
  membershipId: number,
  change: { role?: MembershipView["role"]; productionUnitIds?: number[] },
): Promise<void> {
  if (change.role !== undefined) {
    await db.update(membership).set({ role: change.role }).where(eq(membership.id, membershipId));
  }
  if (change.productionUnitIds !== undefined) {
    await db.delete(membershipUnit).where(eq(membershipUnit.membershipId, membershipId));
    await insertMembershipUnits(db, membershipId, change.productionUnitIds);
  }
}

export type MemberRow = {
  membershipId: number;
  accountId: string;
  email: string;
  name: string;
  role: MembershipView["role"];
  disabled: boolean;
  active: boolean;
  /** The restaurants the membership names (an owner's name none: it covers all). */
  namedUnitIds: number[];
  /** Invited, not accepted yet: the organisation sees the invited name, not the account's own. */
  pending: boolean;
  invitedName: string | null;
};

/** The organisation's members, by email; `accountId` narrows to one. */
export async function findMembers(db: Executor, organisationId: number, accountId?: string): Promise<MemberRow[]> {
  const conditions = [eq(membership.organisationId, organisationId)];
  if (accountId !== undefined) conditions.push(eq(membership.accountId, accountId));
  const rows = await db
    .select({
      membershipId: membership.id,
      accountId: staffAccount.id,
      email: staffAccount.email,
      name: staffAccount.name,
      role: membership.role,
      disabled: staffAccount.disabled,
      passwordHash: staffAccount.passwordHash,
      acceptedAt: membership.acceptedAt,
      invitedName: membership.invitedName,
    })
    .from(membership)
    .innerJoin(staffAccount, eq(staffAccount.id, membership.accountId))
    .where(and(...conditions))
    .orderBy(staffAccount.email);
  if (rows.length === 0) return [];
  const units = await db
    .select({ membershipId: membershipUnit.membershipId, productionUnitId: membershipUnit.productionUnitId })
    .from(membershipUnit)
    .where(
      inArray(
        membershipUnit.membershipId,
        rows.map((row) => row.membershipId),
      ),
    )
    .orderBy(membershipUnit.productionUnitId);
  return rows.map(({ passwordHash, acceptedAt, ...row }) => ({
    ...row,
    active: passwordHash !== null,
    pending: acceptedAt === null,
    namedUnitIds: units.filter((unit) => unit.membershipId === row.membershipId).map((unit) => unit.productionUnitId),
  }));
}

/**
 * The accounts of the organisation's enabled owners who accepted, their rows locked until the transaction ends (in
 * one order, so two changes wait for each other instead of deadlocking): two owners demoting each other at once
 * cannot both see the other as the remaining owner, and an invited owner who has not accepted is no owner yet.
 */
export async function lockEnabledOwners(db: Executor, organisationId: number): Promise<string[]> {
  const rows = await db
    .select({ accountId: membership.accountId })
    .from(membership)
    .innerJoin(staffAccount, eq(staffAccount.id, membership.accountId))
    .where(
      and(
        eq(membership.organisationId, organisationId),
        eq(membership.role, "owner"),
        isNotNull(membership.acceptedAt),
        eq(staffAccount.disabled, false),
      ),
    )
    .orderBy(membership.id)
    .for("update");
  return rows.map((row) => row.accountId);
}

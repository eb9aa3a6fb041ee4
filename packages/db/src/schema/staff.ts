/**
 * The restaurant's side: organisations (a restaurant business or chain) own restaurants (production_unit
 * .organisation_id); staff accounts hold one membership per organisation with a role; a manager's or
 * staff member's membership names the restaurants it covers (an owner's covers every restaurant of the
 * organisation). Sessions and single-use links are stored as SHA-256 hashes of their secrets: a copy of
 * the database signs no one in. The audit log keeps every change made in the back office.
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns";
import { organisation } from "./organisation";
import { productionUnit } from "./tenancy";

export const STAFF_ROLES = ["owner", "manager", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffAccount = pgTable(
  "staff_account",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed: one account per address however it is typed. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** null until the member sets a password through their invite or setup link. */
    passwordHash: text("password_hash"),
    /** A disabled account signs in nowhere; disabling it deletes its sessions in the same transaction. */
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_account_email").on(t.email)],
);

export const membership = pgTable(
  "membership",
  {
    id: serial("id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccount.id, { onDelete: "cascade" }),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisation.id, { onDelete: "cascade" }),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    /**
     * When the person agreed to be a member: null while an invite of an existing account waits for its join link
     * (the account of another organisation is not made this one's member without its consent). A pending membership
     * gives no access at all. No default: every writer says whether its membership is accepted.
     */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The name the inviter typed for a pending member: shown to the organisation instead of the account's own. */
    invitedName: text("invited_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("membership_account_organisation").on(t.accountId, t.organisationId),
    index("membership_organisation").on(t.organisationId),
    check("membership_role", sql`${t.role} in ('owner', 'manager', 'staff')`),
  ],
);

/** The restaurants a manager's or staff member's membership covers (an owner's rows are ignored). */
export const membershipUnit = pgTable(
  "membership_unit",
  {
    membershipId: integer("membership_id")
      .notNull()
      .references(() => membership.id, { onDelete: "cascade" }),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.productionUnitId] })],
);

/**
 * A signed-in browser. The cookie holds the random session id; the row holds its SHA-256. Idle expiry
 * counts from last_seen_at, absolute expiry from created_at (apps/api/src/modules/staff-auth).
 */
export const staffSession = pgTable(
  "staff_session",
  {
    idHash: text("id_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccount.id, { onDelete: "cascade" }),
    /** The CSRF token every state-changing request of this session must send (X-CSRF-Token). */
    csrfToken: text("csrf_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_session_account").on(t.accountId)],
);

export const STAFF_LINK_PURPOSES = ["invite", "reset", "setup", "join"] as const;
export type StaffLinkPurpose = (typeof STAFF_LINK_PURPOSES)[number];

/**
 * A single-use emailed link (invite, password reset, first owner's setup, an existing account's invitation to join
 * an organisation): the row holds the token's SHA-256. A join link names the pending membership it accepts.
 */
export const staffLink = pgTable(
  "staff_link",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: STAFF_LINK_PURPOSES }).notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => staffAccount.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    membershipId: integer("membership_id").references(() => membership.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_link_account").on(t.accountId),
    check("staff_link_purpose", sql`${t.purpose} in ('invite', 'reset', 'setup', 'join')`),
    // A join link always names its membership; an invite link does when it was made after links named one.
    check("staff_link_join_membership", sql`${t.purpose} <> 'join' or ${t.membershipId} is not null`),
    check("staff_link_membership_purpose", sql`${t.membershipId} is null or ${t.purpose} in ('invite', 'join')`),
  ],
);

/** Every change made in the back office: who, when, which organisation and restaurant, what, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisation.id, { onDelete: "cascade" }),
    /** null for an organisation-wide change (staff, a new organisation). */
    productionUnitId: integer("production_unit_id").references(() => productionUnit.id, { onDelete: "set null" }),
    /** null when the account was deleted; the name and email at the time stay. */
    accountId: uuid("account_id").references(() => staffAccount.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** What was done, e.g. "restaurant.create", "settings.update", "staff.invite". */
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_organisation_at").on(t.organisationId, t.at),
    index("audit_log_unit_at").on(t.productionUnitId, t.at),
  ],
);

/**
 * Uploaded brand images (logos), named by the SHA-256 of their bytes: served with immutable caching from
 * the database, so every API process serves them without a shared disk.
 */
export const brandImage = pgTable("brand_image", {
  hash: text("hash").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  organisationId: integer("organisation_id")
    .notNull()
    .references(() => organisation.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

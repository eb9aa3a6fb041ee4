/**
 * Payments, the holds of capacity and discounts an attempt takes, the refund outbox, and the gift card
 * transactions payments make.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { checkout } from "./checkout";
import { createdAt, editedBy, updatedAt } from "./columns";
import { giftcard } from "./discount-giftcard";
import { capacityInstance } from "./instances";
import { organisation } from "./organisation";
import { productionUnit } from "./tenancy";

export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    productionUnitId: integer("production_unit_id")
      .notNull()
      .references(() => productionUnit.id),
    /** CREATED 1, CANCELLED 2, FAILED 64, AUTHORIZED 128, REFUNDED 250, PARTIALLYCAPTURED 254, CAPTURED 255 */
    state: integer("state").notNull().default(1),
    /** ONLINE 0, GIFTCARD 1, UNPAID 2 */
    type: integer("type").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    provider: text("provider").notNull(),
    /** card | mobilepay | giftcard | pickup */
    method: text("method").notNull(),
    isTest: boolean("is_test").notNull().default(false),
    continueUrl: text("continue_url"),
    cancelUrl: text("cancel_url"),
    receiptEmail: text("receipt_email"),
    giftcardId: integer("giftcard_id").references(() => giftcard.id),
    providerReference: text("provider_reference"),
    /**
     * Which payment request of its checkout wrote it: 1, 2, 3, … per checkout. Every payment one
     * POST /checkout/{id}/payment writes (gift cards and the main payment) shares the number, and
     * the highest number is the checkout's current attempt.
     */
    attempt: integer("attempt").notNull().default(1),
    /**
     * Who started it: the verified token's id (jti) and the client's address as the API saw it. Unpaid
     * (CREATED) online payments are limited per token and per address
     * (docs/decisions/025-unpaid-holds-are-limited.md); null on rows from before that.
     */
    clientTokenId: text("client_token_id"),
    clientAddress: text("client_address"),
    /**
     * When the guest first followed the payment's link (GET /api/payment/{id}/open, which sends the browser on to
     * the provider's page). A CREATED payment whose link is not followed within PAYMENT_PAGE_OPEN_MINUTES is
     * cancelled by the sweeper and its holds given back (decision 025).
     */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /**
     * The provider's hosted page as its createPayment answered it (a real provider's page lives on its own site
     * and cannot always be derived from the row): where GET /api/payment/{id}/open sends the guest.
     */
    providerPageUrl: text("provider_page_url"),
    /**
     * The provider account that took the payment, as its createPayment answered (Stripe: the account's id from
     * GET /v1/account, "acct_…"), and a fingerprint of the key it used (never the key): a refund is refused when
     * the organisation's account is no longer this one (migration 0017). Its mode is is_test. Null for payments
     * of the test provider, and for Stripe payments made before 0017 or with an account stored before it.
     */
    providerAccountId: text("provider_account_id"),
    providerKeyFingerprint: text("provider_key_fingerprint"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_checkout_attempt").on(t.checkoutId, t.attempt),
    // The sweeper's query: CREATED payments older than the expiry.
    index("payment_state_created").on(t.state, t.createdAt),
    // The limits on unpaid payments: CREATED ones per token and per address, and new ones per address in an hour.
    index("payment_unpaid_token").on(t.clientTokenId).where(sql`${t.state} = 1`),
    index("payment_unpaid_address").on(t.clientAddress).where(sql`${t.state} = 1`),
    index("payment_address_created").on(t.clientAddress, t.createdAt),
    check("payment_amount", sql`${t.amountMinor} >= 0`),
    check("payment_attempt", sql`${t.attempt} >= 1`),
  ],
);

/**
 * What a payment attempt holds while the guest pays: the slot's kitchen units (counted in
 * capacity_usage) and one use of each applied discount code (counted in discount_code.usage_count),
 * taken in the transaction that creates the attempt, so payments in flight can never oversell a slot
 * or a code. One row per attempt. `state`: held → released (the attempt ended without an order: the
 * counters were given back) or kept (its order was placed: the counts are the order's now).
 * See docs/decisions/012-payments-hold-capacity-and-discounts.md.
 */
export const paymentHold = pgTable(
  "payment_hold",
  {
    checkoutId: uuid("checkout_id")
      .notNull()
      .references(() => checkout.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** The kitchen capacity held; null when the module does not enforce capacity. */
    capacityInstanceId: integer("capacity_instance_id").references(() => capacityInstance.id, {
      onDelete: "set null",
    }),
    slotStart: timestamp("slot_start", { withTimezone: true }),
    items: integer("items").notNull().default(0),
    /** One use held of each of these codes. */
    discountCodeIds: integer("discount_code_ids").array().notNull().default(sql`'{}'::integer[]`),
    state: text("state", { enum: ["held", "released", "kept"] })
      .notNull()
      .default("held"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.attempt] }), check("payment_hold_items", sql`${t.items} >= 0`)],
);

/**
 * Outbox of money to give back at a payment's provider (an authorized payment whose order can never
 * be placed, or a provider approval that came after the core had cancelled the payment). Written in
 * the transaction that decides the refund; worked with retries until the provider confirms (done_at).
 * One row per payment at most, so a replayed decision never refunds twice.
 */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    /** The staff refund (schema/order.ts order_refund) this is part of; null for the core's own refunds. */
    orderRefundId: uuid("order_refund_id"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** When the provider confirmed the refund; null while it is still to be done. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A refund the core decides (no order, or a late approval) happens once per payment; refunds staff make
    // from an order's page (order_refund_id) may be several.
    uniqueIndex("payment_refund_payment").on(t.paymentId).where(sql`${t.orderRefundId} is null`),
    index("payment_refund_due").on(t.doneAt, t.nextAttemptAt),
    check("payment_refund_amount", sql`${t.amountMinor} > 0`),
  ],
);

/** Every change of a gift card's balance: the card's ledger, for audit and for refunds. */
export const giftcardTransaction = pgTable(
  "giftcard_transaction",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftcardId: integer("giftcard_id")
      .notNull()
      .references(() => giftcard.id),
    paymentId: uuid("payment_id").references(() => payment.id),
    /** Negative when spent, positive when refunded or issued. */
    amountMinor: integer("amount_minor").notNull(),
    /** spent / returned: a payment drew or gave back; issued, refunded (an order_refund), adjusted by staff. */
    kind: text("kind", { enum: ["spent", "returned", "issued", "refunded", "adjusted"] })
      .notNull()
      .default("spent"),
    orderRefundId: uuid("order_refund_id"),
    /** The staff account that issued, refunded or adjusted; null for a guest's payment. */
    accountId: uuid("account_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("giftcard_transaction_card").on(t.giftcardId, t.createdAt),
    check("giftcard_transaction_kind", sql`${t.kind} in ('spent', 'returned', 'issued', 'refunded', 'adjusted')`),
  ],
);

/**
 * An organisation's own account at a payment provider (issue 46: Stripe): its secret API key and webhook
 * signing secret, sealed with the server's SECRETS_KEY (AES-256-GCM, apps/api/src/shared/secret-box.ts), never
 * stored or sent back in the clear. While an organisation has one, its restaurants' online payments go to that
 * provider; without one they stay with the built-in test provider.
 */
export const paymentAccount = pgTable(
  "payment_account",
  {
    organisationId: integer("organisation_id")
      .primaryKey()
      .references(() => organisation.id, { onDelete: "cascade" }),
    /** The provider module's name (PaymentProvider.name): "stripe". */
    provider: text("provider").notNull(),
    /** The key's own mode: Stripe's sk_live_/rk_live_ keys move money, sk_test_/rk_test_ keys never do. */
    liveMode: boolean("live_mode").notNull(),
    secretKeySealed: text("secret_key_sealed").notNull(),
    webhookSecretSealed: text("webhook_secret_sealed").notNull(),
    /** What the back office shows of the key: its prefix and last four characters ("sk_test_…4242"). */
    secretKeyHint: text("secret_key_hint").notNull(),
    /** The webhook URL's path segment: names the account whose signing secret verifies an event. */
    webhookId: uuid("webhook_id").notNull().defaultRandom(),
    /**
     * The provider's own id of the account the key belongs to (Stripe: GET /v1/account's "acct_…", asked at each
     * save): a new key of the same account keeps it, so refunds of its earlier payments still go through; a key of
     * another account changes it. Null for an account stored before migration 0017.
     */
    providerAccountId: text("provider_account_id"),
    ...editedBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_account_webhook").on(t.webhookId),
    check("payment_account_provider", sql`${t.provider} in ('stripe')`),
  ],
);

/**
 * The highest version any payment account of the organisation has had, the removed ones included: a new account
 * continues from it instead of starting at 1 again, so a version read from a removed account never names the
 * account stored after it (a save or removal based on it is refused, never applied to the new one). Written with
 * each save and removal, in its transaction; the row also serialises them, as there is no account row to lock
 * before the first save. Filled by migration 0020 from the accounts and the audit log.
 */
export const paymentAccountVersion = pgTable(
  "payment_account_version",
  {
    organisationId: integer("organisation_id")
      .primaryKey()
      .references(() => organisation.id, { onDelete: "cascade" }),
    lastVersion: integer("last_version").notNull(),
  },
  (t) => [check("payment_account_version_last", sql`${t.lastVersion} >= 0`)],
);

/** Webhook events already handled, by the provider's event id: a repeated delivery changes nothing twice. */
export const paymentWebhookEvent = pgTable(
  "payment_webhook_event",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("payment_webhook_event_received").on(t.receivedAt)],
);

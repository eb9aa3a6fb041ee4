/**
 * Limits on unpaid online payments (docs/decisions/025-unpaid-holds-are-limited.md). An online payment
 * holds its slot's kitchen units and its discount uses from the moment it starts (decision 012), so
 * starting payments and never paying them was a way to make every slot look full and to use up a
 * limited code. A payment waiting for the guest (CREATED) therefore counts against its client:
 * at most `unpaidPerToken` at once per guest token, `unpaidPerAddress` at once per client address, and
 * `perAddressPerHour` new ones an hour per address; beyond, 429 TOO_MANY_PAYMENTS with Retry-After.
 *
 * Counted in the transaction that creates the attempt, after a waiting attempt of the same checkout was
 * replaced (so it no longer counts), with the client serialized by transaction-scoped advisory locks
 * (token first, then address): concurrent starts of one client, in any API process on one PostgreSQL,
 * queue and each sees the others' rows. PGlite runs one transaction at a time; the same locks are
 * granted at once there.
 */
import type { Executor } from "@app/db";
import { sql } from "@app/db/orm";
import type { PaymentLimits } from "../../config";
import { tooMany } from "../../errors";
import { readClientPayments } from "./repository";

/** Who starts a payment: the verified token's id (jti) and the address the API saw (trustProxy decides it). */
export type PaymentClient = { tokenId: string; address: string };

/** The advisory lock classes (the first key of pg_advisory_xact_lock(int, int)): one per kind of key. */
const TOKEN_LOCK_CLASS = 41_001;
const ADDRESS_LOCK_CLASS = 41_002;

/**
 * How long a client over an "at once" limit is asked to wait: one of its waiting payments ends when it
 * is paid, cancelled or replaced (a guest does that in a minute or two) or, never opened, by the sweeper.
 */
export const UNPAID_RETRY_AFTER_SECONDS = 60;

const HOUR_MS = 60 * 60_000;

/**
 * Queues this transaction behind every other open payment start of the same token and address. Call it
 * before taking any other lock but the checkout's (lock order: checkout → client → discount_code →
 * capacity_usage → gift cards), so a client's transactions can never wait for each other in a circle.
 */
export async function serializeClient(tx: Executor, client: PaymentClient): Promise<void> {
  // hashtext folds the key into the lock's int4; two keys that collide only queue behind each other. Both in
  // one statement (one round trip): PostgreSQL computes a select list's columns in order, token then address,
  // and no other statement takes these lock classes, so every start takes them in the same order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TOKEN_LOCK_CLASS}, hashtext(${client.tokenId})), pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${client.address}))`,
  );
}

/**
 * Refuses a new unpaid online payment over the client's limits (429 TOO_MANY_PAYMENTS with Retry-After).
 * Call with the client serialized (serializeClient) in the transaction that then inserts the payment.
 */
export async function refuseOverLimits(
  tx: Executor,
  client: PaymentClient,
  limits: PaymentLimits,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS);
  const found = await readClientPayments(tx, client, since, limits.perAddressPerHour);
  if (found.unpaidOfToken >= limits.unpaidPerToken)
    throw tooManyPayments(
      `You already have ${limits.unpaidPerToken} payments waiting. Finish or cancel one before starting another`,
      UNPAID_RETRY_AFTER_SECONDS,
    );
  if (found.unpaidOfAddress >= limits.unpaidPerAddress)
    throw tooManyPayments(
      "Too many payments are waiting from your network. Finish or cancel one, or try again in a minute",
      UNPAID_RETRY_AFTER_SECONDS,
    );
  if (found.hourlyLimitReachedBy) {
    // The hour has room again once the oldest of the last `perAddressPerHour` payments leaves it.
    const freesAt = found.hourlyLimitReachedBy.getTime() + HOUR_MS;
    throw tooManyPayments(
      "Too many payments were started from your network in the last hour. Please try again later",
      Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
    );
  }
}

const tooManyPayments = (message: string, retryAfterSeconds: number) =>
  tooMany("TOO_MANY_PAYMENTS", message, retryAfterSeconds);

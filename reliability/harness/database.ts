/**
 * Direct reads and set-ups on the product's database (through Product.withDatabase), for what the
 * API does not show: counters, holds, ledgers. Raw SQL on purpose: the suite checks the stored state
 * as an auditor would, not through the product's own repository code.
 */
import type { Db } from "@app/db";
import { sql } from "@app/db/orm";

type Row = Record<string, unknown>;

/** Restaurant A of the demo seed, the shop every case orders from. */
export const SHOP_DOMAIN = "localhost";

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The first column of the first row as a number (PostgreSQL answers bigint counts as strings). */
async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [first] = await rows(db, query);
  return Number(first ? Object.values(first)[0] : 0);
}

/** Restaurant A's kitchen (the module on host `localhost`) makes `items` per pickup slot from now on. */
export async function setShopSlotCapacity(db: Db, items: number): Promise<void> {
  await db.execute(
    sql`update capacity_instance set items_per_slot = ${items} where id in (
          select m.capacity_instance_id from module m join module_domain d on d.module_id = m.id
          where d.host = ${SHOP_DOMAIN})`,
  );
}

/** Items counted as taken in one slot (orders and holds of payments under way). */
export function capacityUsed(db: Db, capacityInstanceId: number, slotStart: string): Promise<number> {
  return scalar(
    db,
    sql`select coalesce(sum(items_used), 0) from capacity_usage
        where capacity_instance_id = ${capacityInstanceId} and slot_start = ${slotStart}::timestamptz`,
  );
}

/** Kitchen units the placed orders of a slot take. */
export function orderedItems(db: Db, capacityInstanceId: number, slotStart: string): Promise<number> {
  return scalar(
    db,
    sql`select coalesce(sum(item_count), 0) from "order"
        where capacity_instance_id = ${capacityInstanceId} and order_ready_time = ${slotStart}::timestamptz`,
  );
}

/** Payment attempts still holding slot units or code uses. */
export function heldPayments(db: Db): Promise<number> {
  return scalar(db, sql`select count(*) from payment_hold where state = 'held'`);
}

/** Slots whose usage counter exceeds what the kitchen makes: oversold. */
export function oversoldSlots(db: Db): Promise<number> {
  return scalar(
    db,
    sql`select count(*) from capacity_usage u join capacity_instance c on c.id = u.capacity_instance_id
        where u.items_used > c.items_per_slot`,
  );
}

export { rows, scalar };

/** The shop's instance ids (restaurant A, the module on host `localhost`). */
async function shopModule(db: Db): Promise<{ discountInstanceId: number; giftcardInstanceId: number }> {
  const [module] = await rows(
    db,
    sql`select m.discount_instance_id, m.giftcard_instance_id from module m
        join module_domain d on d.module_id = m.id where d.host = ${SHOP_DOMAIN}`,
  );
  if (!module) throw new Error(`no module on host ${SHOP_DOMAIN}`);
  return {
    discountInstanceId: Number(module.discount_instance_id),
    giftcardInstanceId: Number(module.giftcard_instance_id),
  };
}

/** A gift card of the shop holding `balanceMinor` øre, valid until `validUntil` (default: always). */
export async function createGiftcard(db: Db, code: string, balanceMinor: number, validUntil?: Date): Promise<void> {
  const { giftcardInstanceId } = await shopModule(db);
  await db.execute(
    sql`insert into giftcard (giftcard_instance_id, code, balance_minor, valid_until)
        values (${giftcardInstanceId}, ${code}, ${balanceMinor}, ${validUntil?.toISOString() ?? null})`,
  );
}

/** The card's balance and its ledger (giftcard_transaction: negative when spent, positive when given back). */
export async function giftcardLedger(db: Db, code: string) {
  const [card] = await rows(db, sql`select id, balance_minor from giftcard where code = ${code}`);
  if (!card) throw new Error(`no gift card ${code}`);
  const movements = await rows(
    db,
    sql`select amount_minor, payment_id from giftcard_transaction where giftcard_id = ${card.id}`,
  );
  return {
    balanceMinor: Number(card.balance_minor),
    movements: movements.map((m) => ({ amountMinor: Number(m.amount_minor), paymentId: String(m.payment_id) })),
  };
}

/** A discount code of the shop: `valueMinor` off any basket, usable `usageLimit` times. */
export async function createDiscountCode(db: Db, code: string, valueMinor: number, usageLimit: number): Promise<void> {
  const { discountInstanceId } = await shopModule(db);
  await db.execute(
    sql`insert into discount_code (discount_instance_id, code, kind, value, usage_limit)
        values (${discountInstanceId}, ${code}, 'amount', ${valueMinor}, ${usageLimit})`,
  );
}

export function discountUsageCount(db: Db, code: string): Promise<number> {
  return scalar(db, sql`select usage_count from discount_code where code = ${code}`);
}

/** Placed orders that carry the code. */
export function ordersWithDiscount(db: Db, code: string): Promise<number> {
  return scalar(db, sql`select count(distinct order_id) from order_discount where code = ${code}`);
}

/** Every order of a checkout (the unique index allows one; the suite counts instead of trusting it). */
export async function ordersOfCheckout(db: Db, checkoutId: string) {
  const found = await rows(db, sql`select id, receipt_number from "order" where checkout_id = ${checkoutId}`);
  return found.map((o) => ({ orderId: String(o.id), receiptNumber: Number(o.receipt_number) }));
}

export function countOrders(db: Db): Promise<number> {
  return scalar(db, sql`select count(*) from "order"`);
}

/** Payments that took money (authorized or captured) whose checkout has no order and that are not being refunded. */
export function paidWithoutOrderOrRefund(db: Db): Promise<number> {
  return scalar(
    db,
    sql`select count(*) from payment p
        where p.state in (128, 254, 255)
          and not exists (select 1 from "order" o where o.checkout_id = p.checkout_id)
          and not exists (select 1 from payment_refund r where r.payment_id = p.id)`,
  );
}

/** Payments of a checkout still waiting (CREATED) or holding money (authorized, captured). */
export function livePaymentsOfCheckout(db: Db, checkoutId: string): Promise<number> {
  return scalar(
    db,
    sql`select count(*) from payment where checkout_id = ${checkoutId} and state in (1, 128, 254, 255)`,
  );
}

/**
 * Makes every waiting (CREATED) payment look `minutes` older, so the payment sweeper expires it on its
 * next pass: an abandoned payment without waiting PAYMENT_EXPIRY_MINUTES for real.
 */
export async function ageWaitingPayments(db: Db, minutes: number): Promise<void> {
  await db.execute(sql`update payment set created_at = created_at - make_interval(mins => ${minutes}) where state = 1`);
}

/**
 * The counters the product keeps beside its orders (kitchen capacity, discount uses, gift-card
 * balances), recomputed from the orders and the payments' holds as an auditor would, and the rows that
 * disagree. After a crash nothing may be counted twice or lost: every counter equals what its orders
 * (and the attempts still legitimately holding, `payment_hold.state = 'held'`) account for.
 */
import type { Db } from "@app/db";
import { sql } from "@app/db/orm";
import { rows, scalar } from "./database";

/** AUTHORIZED, PARTIALLYCAPTURED, CAPTURED: the payment holds the guest's money. */
const HOLDING = sql`(128, 254, 255)`;

/** Slots whose capacity_usage is not the items of their orders plus those of attempts still holding. */
export async function capacityMismatches(db: Db) {
  const found = await rows(
    db,
    sql`with taken as (
          select capacity_instance_id as instance, order_ready_time as slot, item_count as items
            from "order" where capacity_instance_id is not null
          union all
          select capacity_instance_id, slot_start, items
            from payment_hold where state = 'held' and capacity_instance_id is not null
        ), expected as (select instance, slot, sum(items) as items from taken group by instance, slot)
        select coalesce(u.capacity_instance_id, e.instance) as instance, coalesce(u.slot_start, e.slot) as slot,
               coalesce(u.items_used, 0) as used, coalesce(e.items, 0) as expected
          from capacity_usage u full join expected e
            on e.instance = u.capacity_instance_id and e.slot = u.slot_start
         where coalesce(u.items_used, 0) <> coalesce(e.items, 0)`,
  );
  return found.map((r) => ({ slot: String(r.slot), used: Number(r.used), expected: Number(r.expected) }));
}

/** Codes whose usage_count is not their orders plus the attempts still holding a use. */
export async function discountMismatches(db: Db) {
  const found = await rows(
    db,
    sql`select d.code, d.usage_count,
               (select count(*) from order_discount od where od.discount_code_id = d.id)
             + (select count(*) from payment_hold h where h.state = 'held' and d.id = any(h.discount_code_ids)) as expected
          from discount_code d`,
  );
  return found
    .map((r) => ({ code: String(r.code), used: Number(r.usage_count), expected: Number(r.expected) }))
    .filter((r) => r.used !== r.expected);
}

/**
 * A gift card's balance against its start: what its ledger says, and what the orders paid with it
 * (plus draws of attempts still holding the money) say.
 */
export async function giftcardRecount(db: Db, code: string, initialMinor: number) {
  const balance = await scalar(db, sql`select balance_minor from giftcard where code = ${code}`);
  const ledger = await scalar(
    db,
    sql`select coalesce(sum(t.amount_minor), 0) from giftcard_transaction t
        join giftcard g on g.id = t.giftcard_id where g.code = ${code}`,
  );
  const drawn = (ordered: boolean) =>
    scalar(
      db,
      sql`select coalesce(sum(p.amount_minor), 0) from payment p join giftcard g on g.id = p.giftcard_id
          where g.code = ${code} and p.state in ${HOLDING}
            and ${ordered ? sql`exists` : sql`not exists`} (select 1 from "order" o where o.checkout_id = p.checkout_id)`,
    );
  const forOrders = await drawn(true);
  const heldWithoutOrder = await drawn(false);
  return {
    balanceMinor: balance,
    byLedgerMinor: initialMinor + ledger,
    byOrdersMinor: initialMinor - forOrders - heldWithoutOrder,
    heldWithoutOrderMinor: heldWithoutOrder,
  };
}

/** Checkouts with more than one order, receipt numbers given twice, checkouts charged twice. */
export async function duplicates(db: Db) {
  return {
    ordersPerCheckout: await scalar(
      db,
      sql`select count(*) from (select checkout_id from "order" group by checkout_id having count(*) > 1) d`,
    ),
    receiptNumbers: await scalar(
      db,
      sql`select count(*) from (select 1 from "order" group by production_unit_id, receipt_number having count(*) > 1) d`,
    ),
    // Two online payments holding money for one checkout, neither given back: the guest paid twice.
    chargedTwice: await scalar(
      db,
      sql`select count(*) from (
            select p.checkout_id from payment p
             where p.type = 0 and p.state in ${HOLDING}
               and not exists (select 1 from payment_refund r where r.payment_id = p.id)
             group by p.checkout_id having count(*) > 1) d`,
    ),
  };
}

/** The stored order of each checkout (id and receipt number), for checking what clients were told. */
export async function ordersByCheckout(db: Db): Promise<Map<string, { orderId: string; receiptNumber: number }>> {
  const found = await rows(db, sql`select checkout_id, id, receipt_number from "order"`);
  return new Map(
    found.map((r) => [String(r.checkout_id), { orderId: String(r.id), receiptNumber: Number(r.receipt_number) }]),
  );
}

/** Checkouts still PENDING or FINALIZING: a payment waiting or paid without its order yet. */
export function unsettledCheckouts(db: Db): Promise<number> {
  return scalar(db, sql`select count(*) from checkout where state in (1, 4)`);
}

/**
 * Staff (or the auto-reject) change an order's kitchen status: accept, move the ready time, ready, picked up,
 * reject. Each change is one transaction around one conditional update of kitchen_order (of two tablets
 * accepting and rejecting at once, exactly one matches; the other is told the order as it now is), and in the
 * same transaction: the event every screen hears, the audit entry, the guest's message decided in the outbox
 * (only for a change that happened), and for a reject all money given back and the kitchen capacity freed.
 * Refunds and messages leave after the commit (their outboxes' runs are kicked).
 */
import type { AdminOrder, RejectReason, RestaurantEventType } from "@app/contracts";
import type { Executor } from "@app/db";
import { type KitchenAction, type KitchenStatus, kitchenActionStartsFrom, kitchenTransition } from "@app/domain";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { recordAudit, type SystemActor } from "../audit";
import { releaseCapacity } from "../capacity";
import { giveDiscountUseBack } from "../discount";
import { findOrder, findOrderDiscountCodeIds, type OrderRow } from "../order";
import type { RefundedOrder } from "../payment";
import { type GuestMessageKind, queueGuestMessage } from "../receipt";
import { refundRejectedOrder } from "../refund";
import type { SignedInStaff } from "../staff";
import { findProductionUnit } from "../tenancy";
import { readAdminOrder } from "./admin-order";
import { appendOrderEvent } from "./order-event";
import { requireOrderReach } from "./order-reach";
import { checkReadyTime } from "./ready-time";
import { changeKitchenOrder, findKitchenOrder, type KitchenOrderRow, lockKitchenOrder } from "./repository";

export type KitchenCommand = (
  | { action: "accept"; readyTime?: string }
  | { action: "time"; readyTime: string }
  | { action: "ready" }
  | { action: "picked-up" }
  | { action: "reject"; reason: RejectReason; text?: string }
  | { action: "recall" }
) & {
  /** The version the screen showed: the change is made only if the order is still at it. */
  version?: number;
};

/** A signed-in staff member, or the server acting on a restaurant's rule. */
export type KitchenActor = SignedInStaff | SystemActor;

/**
 * The change was made (or was no change at all: the ready time it already had), or refused with the order as it
 * is: the action is not one its status allows, or another screen changed it since the version the screen saw.
 */
export type KitchenOutcome =
  | { changed: boolean; order: AdminOrder }
  | { refused: "not-allowed" | "changed"; action: KitchenAction; order: AdminOrder };

const EVENT_OF: Record<KitchenAction, RestaurantEventType> = {
  accept: "order.accepted",
  time: "order.time-changed",
  ready: "order.ready",
  "picked-up": "order.picked-up",
  reject: "order.rejected",
  recall: "order.recalled",
};

type Applied = { row: KitchenOrderRow; refunded: RefundedOrder | null; messaged: boolean };

export async function changeKitchenStatus(
  deps: Pick<Deps, "db" | "now" | "refunds" | "receipts">,
  actor: KitchenActor,
  orderId: string,
  command: KitchenCommand,
): Promise<KitchenOutcome> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound("Order");
  const organisationId = await organisationOf(deps, actor, order.productionUnitId);
  const now = deps.now();
  const requested = requestedReadyTime(command, order, now);

  type Refusal = "not-allowed" | "changed";
  const applied = await deps.db.transaction(async (tx): Promise<Applied | Refusal | "unchanged"> => {
    const before = await lockKitchenOrder(tx, orderId);
    if (!before) throw notFound("Order");
    const to = kitchenTransition(before.status, command.action);
    if (to === null) return "not-allowed";
    if (command.version !== undefined && command.version !== before.version) return "changed";
    // Accepting keeps the time it has (the guest's) unless told another; moving it to the time it has is no change.
    const readyTime = requested ?? before.readyTime;
    if (command.action === "time" && readyTime.getTime() === before.readyTime.getTime()) return "unchanged";
    const row = await changeKitchenOrder(tx, {
      orderId,
      from: kitchenActionStartsFrom(command.action),
      version: command.version,
      to,
      readyTime,
      reject: command.action === "reject" ? { reason: command.reason, text: command.text?.trim() || null } : undefined,
      at: now,
    });
    if (!row) return "changed";
    await appendOrderEvent(tx, EVENT_OF[command.action], { ...row, receiptNumber: order.receiptNumber }, now);
    const refunded = command.action === "reject" ? await giveEverythingBack(tx, order, command, actor, now) : null;
    const messaged = await tellGuest(tx, order, before, row, now);
    if (organisationId !== null) {
      await recordAudit(tx, actor, now, {
        organisationId,
        productionUnitId: row.productionUnitId,
        action: `order.${command.action}`,
        before: auditView(before, order),
        after: { ...auditView(row, order), ...(refunded ? { refunded } : {}) },
      });
    }
    return { row, refunded, messaged };
  });

  if (typeof applied === "string") {
    const current = await readCurrent(deps, orderId);
    if (applied === "unchanged") return { changed: false, order: current };
    return { refused: applied, action: command.action, order: current };
  }
  if (applied.refunded?.refundQueued) deps.refunds.kick();
  if (applied.messaged) deps.receipts.kick();
  return { changed: true, order: (await readAdminOrder(deps.db, applied.row))! };
}

/** The reach check: staff of the restaurant (any role) may; anyone else is told it does not exist. */
async function organisationOf(
  deps: Pick<Deps, "db">,
  actor: KitchenActor,
  productionUnitId: number,
): Promise<number | null> {
  if (!("system" in actor)) return requireOrderReach(actor, productionUnitId);
  return (await findProductionUnit(deps.db, productionUnitId))?.organisationId ?? null;
}

/** The ready time the command asks for, checked; undefined when it names none. */
function requestedReadyTime(command: KitchenCommand, order: OrderRow, now: Date): Date | undefined {
  if (command.action !== "accept" && command.action !== "time") return undefined;
  if (command.readyTime === undefined) return undefined;
  return checkReadyTime(new Date(command.readyTime), { now, guestTime: order.orderReadyTime });
}

/**
 * A rejected order: the discount-code uses and kitchen units it took are free for other guests, and all its
 * money goes back (recorded as the order's refund, with the reject's reason). In the lock order of
 * payment/attempt-holds.ts: discount codes, capacity, then gift cards.
 */
async function giveEverythingBack(
  tx: Executor,
  order: OrderRow,
  reject: { reason: RejectReason; text?: string },
  actor: KitchenActor,
  now: Date,
): Promise<RefundedOrder> {
  for (const discountCodeId of await findOrderDiscountCodeIds(tx, order.id)) {
    await giveDiscountUseBack(tx, discountCodeId);
  }
  if (order.capacityInstanceId !== null) {
    await releaseCapacity(tx, {
      capacityInstanceId: order.capacityInstanceId,
      slotStart: order.orderReadyTime,
      items: order.itemCount,
    });
  }
  const text = reject.text?.trim();
  return refundRejectedOrder(
    tx,
    order,
    {
      reason: `rejected: ${reject.reason}${text ? ` – ${text}` : ""}`,
      accountId: "system" in actor ? null : actor.account.id,
    },
    now,
  );
}

/**
 * What the guest is told of a change that happened: a moved ready time (each move once: keyed by the new
 * version), ready for pickup, rejected. Picked up needs no message: the guest was there.
 */
async function tellGuest(
  tx: Executor,
  order: OrderRow,
  before: KitchenOrderRow,
  after: KitchenOrderRow,
  now: Date,
): Promise<boolean> {
  const message = guestMessageOf(before, after);
  if (!message) return false;
  return queueGuestMessage(tx, {
    orderId: order.id,
    moduleId: order.moduleId,
    guestEmail: order.guestEmail,
    guestPhone: order.guestPhone,
    kind: message.kind,
    dedupeKey: message.dedupeKey,
    now,
  });
}

export function guestMessageOf(
  before: Pick<KitchenOrderRow, "status" | "readyTime">,
  after: Pick<KitchenOrderRow, "status" | "readyTime" | "version">,
): { kind: GuestMessageKind; dedupeKey: string } | null {
  const statusChanged = before.status !== after.status;
  if (statusChanged && after.status === "ready") return { kind: "ready", dedupeKey: "" };
  if (statusChanged && after.status === "rejected") return { kind: "rejected", dedupeKey: "" };
  if (after.status === "accepted" && after.readyTime.getTime() !== before.readyTime.getTime()) {
    return { kind: "ready-time-changed", dedupeKey: String(after.version) };
  }
  return null;
}

function auditView(row: KitchenOrderRow, order: OrderRow) {
  return {
    orderId: row.orderId,
    receiptNumber: order.receiptNumber,
    kitchenStatus: row.status satisfies KitchenStatus,
    readyTime: row.readyTime.toISOString(),
    version: row.version,
    rejection: row.rejectReason ? { reason: row.rejectReason, text: row.rejectText } : null,
  };
}

async function readCurrent(deps: Pick<Deps, "db">, orderId: string): Promise<AdminOrder> {
  const row = await findKitchenOrder(deps.db, orderId);
  if (!row) throw notFound("Order");
  return (await readAdminOrder(deps.db, row))!;
}

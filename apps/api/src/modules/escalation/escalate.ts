/**
 * The escalation sweep's decisions (issue 44 §5, no order goes unseen):
 * - an order nobody opened or decided on within the restaurant's acknowledgement time (settings, default 3 min)
 *   alerts the restaurant's owners and managers, again at most every 5 minutes while it stays unseen;
 * - while the restaurant is open for online orders (its opening hours now, not paused) and no staff screen has
 *   shown it for 2 minutes, its managers are told too, again at most every 30 minutes while that lasts (every
 *   5 would flood a restaurant that runs without a screen on purpose; one an hour would leave a dead tablet
 *   unnoticed through a lunch service).
 * Each alert is an outbox row per recipient and channel (send-alerts.ts sends them) with an audit entry, written
 * in one transaction under a per-restaurant lock: several processes sweeping at once alert once.
 */
import { openingStatus } from "@app/domain";
import type { Deps } from "../../deps";
import { recordAudit } from "../audit";
import { findUnseenOrders, type UnseenOrder } from "../kitchen";
import { findScreenLastSeen } from "../restaurant-events";
import { readServiceSettings } from "../settings";
import { findAlertRecipients } from "../staff";
import { findHoursRules, findProductionUnit, findProductionUnitIds } from "../tenancy";
import { orderingPauseAt } from "../warehouse";
import { type AlertKind, insertAlerts, lastAlertAt, lockRestaurantEscalation } from "./repository";

export const UNSEEN_REPEAT_MS = 5 * 60_000;
export const NO_SCREEN_AFTER_MS = 2 * 60_000;
export const NO_SCREEN_REPEAT_MS = 30 * 60_000;
/** No restaurant's acknowledgement time is shorter (settings: at least 1 minute). */
const SHORTEST_ACKNOWLEDGE_MS = 60_000;

export type EscalationDeps = Pick<Deps, "db" | "now" | "log"> & {
  /** Whether an SMS provider is configured: then the restaurant's phone gets each alert by SMS too. */
  smsConfigured: boolean;
};

const SYSTEM = { system: "Escalation" };

/** Alerts the managers of every order unseen past its restaurant's acknowledgement time; answers how many. */
export async function escalateUnseenOrders(deps: EscalationDeps): Promise<number> {
  const now = deps.now();
  const candidates = await findUnseenOrders(deps.db, new Date(now.getTime() - SHORTEST_ACKNOWLEDGE_MS));
  const acknowledgeMs = new Map<number, number>();
  let escalated = 0;
  for (const order of candidates) {
    if (!acknowledgeMs.has(order.productionUnitId)) {
      const settings = await readServiceSettings(deps.db, order.productionUnitId);
      acknowledgeMs.set(order.productionUnitId, settings.acknowledgeMinutes * 60_000);
    }
    const waitedMs = now.getTime() - order.placedAt.getTime();
    if (waitedMs < acknowledgeMs.get(order.productionUnitId)!) continue;
    if (await escalateOrder(deps, order, waitedMs, now)) escalated++;
  }
  return escalated;
}

async function escalateOrder(deps: EscalationDeps, order: UnseenOrder, waitedMs: number, now: Date): Promise<boolean> {
  return alertOnce(deps, {
    productionUnitId: order.productionUnitId,
    kind: "order-unseen",
    orderId: order.orderId,
    repeatMs: UNSEEN_REPEAT_MS,
    now,
    audit: {
      action: "order.escalated",
      after: {
        orderId: order.orderId,
        receiptNumber: order.receiptNumber,
        minutesWaiting: Math.floor(waitedMs / 60_000),
      },
    },
  });
}

/** Tells the managers of every restaurant open for online orders that no screen has shown for 2 minutes. */
export async function escalateMissingScreens(deps: EscalationDeps): Promise<number> {
  const now = deps.now();
  let escalated = 0;
  // Every restaurant: the no-screen check looks at each.
  for (const productionUnitId of await findProductionUnitIds(deps.db)) {
    if (!(await openForOnlineOrders(deps, productionUnitId, now))) continue;
    const lastSeen = await findScreenLastSeen(deps.db, productionUnitId);
    if (lastSeen && now.getTime() - lastSeen.getTime() < NO_SCREEN_AFTER_MS) continue;
    const told = await alertOnce(deps, {
      productionUnitId,
      kind: "no-screen",
      orderId: null,
      repeatMs: NO_SCREEN_REPEAT_MS,
      now,
      audit: { action: "screen.missing", after: { lastSeenAt: lastSeen?.toISOString() ?? null } },
    });
    if (told) escalated++;
  }
  return escalated;
}

async function openForOnlineOrders(deps: EscalationDeps, productionUnitId: number, now: Date): Promise<boolean> {
  const unit = await findProductionUnit(deps.db, productionUnitId);
  if (!unit) return false;
  const hours = await findHoursRules(deps.db, productionUnitId, "opening");
  if (!openingStatus(now, unit.timeZone, hours).isOpen) return false;
  return (await orderingPauseAt(deps.db, productionUnitId, now)).pausedUntil === null;
}

/**
 * Writes the alert rows (each owner and manager by email; the restaurant's phone by SMS when configured) and the
 * audit entry, unless this alert was made less than `repeatMs` ago. Answers whether it alerted.
 */
async function alertOnce(
  deps: EscalationDeps,
  alert: {
    productionUnitId: number;
    kind: AlertKind;
    orderId: string | null;
    repeatMs: number;
    now: Date;
    audit: { action: string; after: Record<string, unknown> };
  },
): Promise<boolean> {
  const { productionUnitId, kind, orderId, now } = alert;
  return deps.db.transaction(async (tx) => {
    await lockRestaurantEscalation(tx, productionUnitId);
    const last = await lastAlertAt(tx, productionUnitId, kind, orderId);
    if (last && now.getTime() - last.getTime() < alert.repeatMs) return false;
    const { organisationId, recipients } = await findAlertRecipients(tx, productionUnitId);
    if (organisationId === null || recipients.length === 0) {
      deps.log.warn({ productionUnitId, kind, orderId }, "escalation: the restaurant has no owner or manager to alert");
      return false;
    }
    const unit = await findProductionUnit(tx, productionUnitId);
    const sms = deps.smsConfigured && unit?.phone ? [{ channel: "sms" as const, recipient: unit.phone }] : [];
    const targets = [...recipients.map((r) => ({ channel: "email" as const, recipient: r.email })), ...sms];
    await insertAlerts(
      tx,
      targets.map((target) => ({ productionUnitId, kind, orderId, ...target, nextAttemptAt: now, createdAt: now })),
    );
    await recordAudit(tx, SYSTEM, now, {
      organisationId,
      productionUnitId,
      action: alert.audit.action,
      before: null,
      after: { ...alert.audit.after, alerted: targets.map((target) => target.recipient) },
    });
    return true;
  });
}

/** Tells the managers of an order the kitchen rejected automatically (once per order). */
export async function alertAutoRejected(
  deps: EscalationDeps,
  rejected: { orderId: string; productionUnitId: number; receiptNumber: number; waitedMinutes: number },
): Promise<boolean> {
  return alertOnce(deps, {
    productionUnitId: rejected.productionUnitId,
    kind: "auto-rejected",
    orderId: rejected.orderId,
    repeatMs: Number.POSITIVE_INFINITY,
    now: deps.now(),
    audit: {
      action: "order.auto-rejected.alerted",
      after: {
        orderId: rejected.orderId,
        receiptNumber: rejected.receiptNumber,
        minutesWaiting: rejected.waitedMinutes,
      },
    },
  });
}

/**
 * The optional auto-reject (issue 44): a new order nobody accepted within the restaurant's `autoRejectMinutes`
 * (service settings; null, the default, is off) is rejected as "too busy", with everything a reject does: all
 * money back, the capacity freed, the guest told, the event, and an audit entry by the system. A sweep on every
 * process; two processes sweeping at once reject each order once (the change is the same conditional update on
 * the version the sweep read, so an order accepted meanwhile is left alone).
 *
 * Each auto-reject is also an escalation: the managers should hear of it. The escalation feature does that with
 * `onAutoRejected` (app.ts wires it), so this feature writes no alerts of its own.
 */
import type { FastifyBaseLogger } from "fastify";
import { backgroundRun, runEvery } from "../../background-run";
import type { Deps } from "../../deps";
import type { SystemActor } from "../audit";
import { readServiceSettings } from "../settings";
import { changeKitchenStatus } from "./change-kitchen-status";
import { findNewOrdersPlacedBefore, findUnitsWithNewOrdersBefore } from "./repository";

/** Who the audit log names for an automatic reject. */
export const AUTO_REJECT_ACTOR: SystemActor = { system: "Auto-reject" };
export const AUTO_REJECT_INTERVAL_MS = 30_000;
const BATCH = 100;

export type AutoRejectedOrder = {
  orderId: string;
  productionUnitId: number;
  receiptNumber: number;
  /** How long the order waited unaccepted, in minutes (the restaurant's setting or a little more). */
  waitedMinutes: number;
};

export type AutoRejectDeps = Pick<Deps, "db" | "now" | "refunds" | "receipts"> & {
  log?: Pick<FastifyBaseLogger, "info" | "error">;
  /** Told of each order rejected automatically, after its commit: the managers' alert (escalation). */
  onAutoRejected?: (rejected: AutoRejectedOrder) => Promise<void>;
};

/** Rejects every new order that waited longer than its restaurant allows; answers the orders rejected now. */
export async function autoRejectUnacceptedOrders(deps: AutoRejectDeps): Promise<AutoRejectedOrder[]> {
  const now = deps.now();
  const rejected: AutoRejectedOrder[] = [];
  // The shortest setting is one minute: an order younger than that is never due anywhere.
  for (const productionUnitId of await findUnitsWithNewOrdersBefore(deps.db, minutesBefore(now, 1))) {
    const { autoRejectMinutes } = await readServiceSettings(deps.db, productionUnitId);
    if (autoRejectMinutes === null) continue;
    const due = await findNewOrdersPlacedBefore(
      deps.db,
      productionUnitId,
      minutesBefore(now, autoRejectMinutes),
      BATCH,
    );
    for (const row of due) {
      const outcome = await changeKitchenStatus(deps, AUTO_REJECT_ACTOR, row.orderId, {
        action: "reject",
        reason: "too-busy",
        version: row.version,
      });
      if ("refused" in outcome) continue; // accepted or rejected meanwhile, here or on another process
      const done: AutoRejectedOrder = {
        orderId: row.orderId,
        productionUnitId,
        receiptNumber: outcome.order.receiptNumber,
        waitedMinutes: Math.floor((now.getTime() - row.createdAt.getTime()) / 60_000),
      };
      rejected.push(done);
      deps.log?.info(done, "order rejected automatically: not accepted in time");
      await deps.onAutoRejected?.(done);
    }
  }
  return rejected;
}

/** Sweeps now and every 30 s while the server listens; answers a stop function that waits for a sweep under way. */
export function startAutoRejectLoop(
  deps: AutoRejectDeps & { log: Pick<FastifyBaseLogger, "info" | "error"> },
  intervalMs = AUTO_REJECT_INTERVAL_MS,
): () => Promise<void> {
  const sweep = backgroundRun(
    () => autoRejectUnacceptedOrders(deps),
    (error) => deps.log.error({ err: error }, "auto-reject sweep failed"),
  );
  return runEvery(sweep, intervalMs);
}

function minutesBefore(at: Date, minutes: number): Date {
  return new Date(at.getTime() - minutes * 60_000);
}

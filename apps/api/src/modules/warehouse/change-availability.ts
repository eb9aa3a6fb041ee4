/**
 * Staff change what can be ordered: sell out a product or a choice (until the end of today, a time today, or
 * until restored), restore it, pause online ordering or set busy mode. Each change is one transaction with its
 * event (availability.changed, ordering.paused, ordering.resumed: the staff screens) and its audit entry; then
 * every API process has heard it before the answer goes (the edit barrier of decision 021), so the storefront's
 * next read shows it on any process.
 */
import type { Availability, PauseRequest, RestaurantEventType, SoldOutParams, SoldOutRequest } from "@app/contracts";
import type { Executor } from "@app/db";
import { activeOrderingPause, changeOrderingPause, soldOutUntil } from "@app/domain";
import type { Deps } from "../../deps";
import { notFound, unprocessable } from "../../errors";
import { recordAudit } from "../audit";
import { appendRestaurantEvent } from "../restaurant-events";
import { EVERY_ROLE, requireRestaurant, type SignedInStaff } from "../staff";
import { findProductionUnit } from "../tenancy";
import { readAvailability } from "./read-availability";
import {
  deleteSoldOut,
  findUnitChoices,
  findUnitProducts,
  lockOrderingPause,
  saveOrderingPause,
  upsertSoldOut,
} from "./repository";

type Change = { productionUnitId: number; action: string; before: unknown; after: unknown };

export async function markSoldOut(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  request: SoldOutRequest,
): Promise<Availability> {
  const { organisationId } = requireRestaurant(staff, productionUnitId, EVERY_ROLE);
  const timeZone = await restaurantTimeZone(deps, productionUnitId);
  const { name } = await requireOwnItem(deps.db, productionUnitId, request.target, request.id);
  const now = deps.now();
  const end = soldOutUntil(request.until, now, timeZone);
  if ("refused" in end) {
    throw unprocessable(
      "SoldOut.TimePassed",
      `${request.until.kind === "time" ? request.until.time : "The time"} has passed today: choose a later time, the end of the day, or until restored`,
      "until.time",
    );
  }
  await inTransaction(deps, staff, organisationId, now, "availability.changed", {
    productionUnitId,
    action: "availability.sold-out",
    before: null,
    after: { target: request.target, id: request.id, name, until: end.until?.toISOString() ?? null },
    write: (tx) => upsertSoldOut(tx, productionUnitId, request.target, request.id, end.until),
  });
  return readAvailability(deps.db, productionUnitId, now);
}

export async function restoreSoldOut(deps: Deps, staff: SignedInStaff, params: SoldOutParams): Promise<Availability> {
  const { restaurantId: productionUnitId, target, id } = params;
  const { organisationId } = requireRestaurant(staff, productionUnitId, EVERY_ROLE);
  const { name } = await requireOwnItem(deps.db, productionUnitId, target, id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const removed = await deleteSoldOut(tx, productionUnitId, target, id);
    // Restoring what is not sold out changes nothing: no event, no audit entry.
    if (!removed) return;
    await record(tx, staff, organisationId, now, "availability.changed", {
      productionUnitId,
      action: "availability.restored",
      before: { target, id, name, until: removed.until?.toISOString() ?? null },
      after: null,
    });
  });
  await deps.changes.settleEverywhere();
  return readAvailability(deps.db, productionUnitId, now);
}

export async function changePause(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  request: PauseRequest,
): Promise<Availability> {
  const { organisationId } = requireRestaurant(staff, productionUnitId, EVERY_ROLE);
  const timeZone = await restaurantTimeZone(deps, productionUnitId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const stored = await lockOrderingPause(tx, productionUnitId);
    const before = activeOrderingPause(stored ?? { pausedUntil: null, busyMinutes: 0, busyUntil: null }, now);
    const after = changeOrderingPause(before, request, now, timeZone);
    await saveOrderingPause(tx, productionUnitId, after, now);
    const change = { productionUnitId, action: `ordering.${request.kind}`, before: json(before), after: json(after) };
    await record(tx, staff, organisationId, now, pauseEvent(request), change, {
      pausedUntil: after.pausedUntil?.toISOString() ?? null,
      busyMinutes: after.busyMinutes,
    });
  });
  await deps.changes.settleEverywhere();
  return readAvailability(deps.db, productionUnitId, now);
}

function pauseEvent(request: PauseRequest): RestaurantEventType {
  if (request.kind === "pause" || request.kind === "pause-today") return "ordering.paused";
  if (request.kind === "resume") return "ordering.resumed";
  return "availability.changed";
}

async function inTransaction(
  deps: Deps,
  staff: SignedInStaff,
  organisationId: number,
  now: Date,
  event: RestaurantEventType,
  change: Change & { write: (tx: Executor) => Promise<void> },
): Promise<void> {
  const { write, ...audit } = change;
  await deps.db.transaction(async (tx) => {
    await write(tx);
    await record(tx, staff, organisationId, now, event, audit);
  });
  await deps.changes.settleEverywhere();
}

async function record(
  tx: Executor,
  staff: SignedInStaff,
  organisationId: number,
  at: Date,
  event: RestaurantEventType,
  change: Change,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await appendRestaurantEvent(tx, event, { productionUnitId: change.productionUnitId, ...extra }, at);
  await recordAudit(tx, staff, at, { organisationId, ...change });
}

/** A product or choice of this restaurant's catalogue; anything else is 404, as if it did not exist. */
/** The restaurant's own product or choice: its name (each language), for the audit entry that names what changed. */
async function requireOwnItem(db: Executor, productionUnitId: number, target: "product" | "choice", id: number) {
  const [row] =
    target === "product"
      ? await findUnitProducts(db, productionUnitId, { ids: [id] })
      : await findUnitChoices(db, productionUnitId, { ids: [id] });
  if (!row) throw notFound(target === "product" ? "Product" : "Choice");
  return { name: row.name };
}

async function restaurantTimeZone(deps: Deps, productionUnitId: number): Promise<string> {
  const unit = await findProductionUnit(deps.db, productionUnitId);
  if (!unit) throw notFound("Restaurant");
  return unit.timeZone;
}

function json(state: { pausedUntil: Date | null; busyMinutes: number; busyUntil: Date | null }) {
  return {
    pausedUntil: state.pausedUntil?.toISOString() ?? null,
    busyMinutes: state.busyMinutes,
    busyUntil: state.busyUntil?.toISOString() ?? null,
  };
}

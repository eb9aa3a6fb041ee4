import type { Executor } from "@app/db";
import { activeOrderingPause, type OrderingPauseState } from "@app/domain";
import { unprocessable } from "../../errors";
import { findOrderingPause } from "./repository";

const NOT_PAUSED: OrderingPauseState = { pausedUntil: null, busyMinutes: 0, busyUntil: null };

/** The unit's pause and busy mode at `now`; ends that have passed mean neither (nothing is cleared on read). */
export async function orderingPauseAt(db: Executor, productionUnitId: number, now: Date): Promise<OrderingPauseState> {
  const row = await findOrderingPause(db, productionUnitId);
  return row ? activeOrderingPause(row, now) : NOT_PAUSED;
}

/** Minutes busy mode adds to the earliest pickup time now (0 when not busy). */
export async function busyMinutesAt(db: Executor, productionUnitId: number, now: Date): Promise<number> {
  return (await orderingPauseAt(db, productionUnitId, now)).busyMinutes;
}

/**
 * 422 Payment.RestaurantOffline while online ordering is paused: the storefront already shows that code as "we
 * cannot connect to the restaurant" (SPEC §8). Callers: order validation and the start of a payment, never the
 * order's finalize (see payment/create-payment.ts: a payment started before the pause still becomes its order).
 */
export async function refuseWhilePaused(db: Executor, productionUnitId: number, now: Date): Promise<void> {
  const { pausedUntil } = await orderingPauseAt(db, productionUnitId, now);
  if (pausedUntil) {
    throw unprocessable(
      "Payment.RestaurantOffline",
      "Unfortunately, we cannot connect to the restaurant. Please try again later.",
    );
  }
}

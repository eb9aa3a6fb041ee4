import type { PickupTimeSlot } from "@app/contracts";
import { useEffect, useState } from "react";
import { afterNextPaint } from "../../../lib/after-next-paint";
import { type ApiClient, api } from "../../../lib/api-client";
import { getDaySlots } from "../api/get-day-slots";
import type { Shop } from "../api/start-app";
import { useHoursToday } from "../components/hours-today";
import { type RestaurantStatus, restaurantDate, restaurantStatus } from "../restaurant-status";

/** The band is read at a glance: the clock moves it on twice a minute, the slots are read again every minute. */
const TICK_MS = 30_000;
const SLOTS_MS = 60_000;

export type StatusDeps = { api: ApiClient; now: () => Date };
const browserDeps: StatusDeps = { api, now: () => new Date() };

/**
 * Today's hours, open or closed and the earliest pickup of the shop, kept current while the page is open. The
 * hours and a pause come from the page's HoursTodayProvider, as the ordering notice's do (a pause started or
 * lifted after the page loaded changes both together). The slots are asked for once the page has painted: the
 * band's pickup line is not the first paint's business.
 */
export function useRestaurantStatus(shop: Shop, deps: StatusDeps = browserDeps): RestaurantStatus {
  const [now, setNow] = useState(deps.now);
  const [slots, setSlots] = useState<PickupTimeSlot[] | null>(null);
  const { hours, notice } = useHoursToday();
  const { capacityInstanceId } = shop.module;
  const { timeZone } = shop.productionUnit;
  useEffect(() => {
    const tick = setInterval(() => setNow(deps.now()), TICK_MS);
    return () => clearInterval(tick);
  }, [deps]);
  useEffect(() => {
    let live = true;
    const read = () =>
      getDaySlots(deps.api, capacityInstanceId, restaurantDate(deps.now(), timeZone)).then(
        (read) => live && setSlots(read),
        // Without slots the band says nothing about pickup rather than something wrong.
        () => live && setSlots(null),
      );
    const cancelFirst = afterNextPaint(() => void read());
    const again = setInterval(() => void read(), SLOTS_MS);
    return () => {
      live = false;
      cancelFirst();
      clearInterval(again);
    };
  }, [deps, capacityInstanceId, timeZone]);
  const pausedUntil = notice?.kind === "paused" ? notice.time : null;
  return restaurantStatus({ hours, timeZone, now, slots, pausedUntil });
}

import type { HoursToday } from "@app/contracts";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { type ApiClient, api } from "../../../lib/api-client";
import type { Shop } from "../api/start-app";
import { type OrderingNotice, orderingNotice } from "../ordering-pause";

/** Today's hours are read again this often while the page is visible, and at once when it becomes visible. */
const READ_MS = 30_000;

export type HoursDeps = { api: ApiClient; now: () => Date };
const browserDeps: HoursDeps = { api, now: () => new Date() };

export type HoursTodayValue = {
  /** Today's hours as last read: the shop's start answer until the first read again. */
  hours: HoursToday | null;
  /** Paused or busy now, from those hours: the one "paused until" every part of the page says. */
  notice: OrderingNotice;
};

const HoursTodayContext = createContext<HoursTodayValue | null>(null);

/**
 * Today's hours and whether online orders are paused, for every part of the page that speaks of them (the
 * ordering notice, the front page's band), from one read: a pause staff set after the page loaded, or lifted
 * early, reaches them all together within READ_MS, or when the guest comes back to the tab. A pause's end
 * takes it away at that minute, without waiting for the next read. Held above the routes, so a page the guest
 * moves to knows what the last one did. Reads only while `live` (pages where a pause has something to say).
 */
export function HoursTodayProvider({
  shop,
  live,
  deps = browserDeps,
  children,
}: {
  shop: Shop;
  live: boolean;
  deps?: HoursDeps;
  children: ReactNode;
}) {
  const [hours, setHours] = useState<HoursToday | null>(shop.openingHours);
  const [now, setNow] = useState(deps.now);
  const unitId = shop.module.productionUnitId;
  useEffect(() => {
    if (!live) return;
    let current = true;
    const read = () => {
      if (document.visibilityState === "hidden") return;
      setNow(deps.now());
      deps.api.get<HoursToday>(`/productionunit/${unitId}/OpeningHour/v2/today`).then(
        (answer) => {
          if (!current) return;
          setNow(deps.now());
          setHours(answer);
        },
        // A failed read keeps what the page knows: the place-order step refuses while paused anyway.
        () => {},
      );
    };
    const every = setInterval(read, READ_MS);
    document.addEventListener("visibilitychange", read);
    return () => {
      current = false;
      clearInterval(every);
      document.removeEventListener("visibilitychange", read);
    };
  }, [deps, unitId, live]);
  const { timeZone } = shop.productionUnit;
  const notice = useMemo(() => orderingNotice(hours, now, timeZone), [hours, now, timeZone]);
  const pausedUntilMs = notice?.kind === "paused" ? notice.untilMs : null;
  useEffect(() => {
    if (pausedUntilMs === null) return;
    const ends = setTimeout(() => setNow(deps.now()), Math.max(0, pausedUntilMs - deps.now().getTime()) + 50);
    return () => clearTimeout(ends);
  }, [pausedUntilMs, deps]);
  const value = useMemo(() => ({ hours, notice }), [hours, notice]);
  return <HoursTodayContext.Provider value={value}>{children}</HoursTodayContext.Provider>;
}

/** Today's hours and the ordering notice of the page's HoursTodayProvider. */
export function useHoursToday(): HoursTodayValue {
  const value = useContext(HoursTodayContext);
  // Without the provider a part of the page would fall back to the start's hours and miss a pause: say so.
  if (!value) throw new Error("useHoursToday needs a HoursTodayProvider above it (the layout has one)");
  return value;
}

import type { HoursToday } from "@app/contracts";
import { useEffect, useState } from "react";
import { type ApiClient, api } from "../../../lib/api-client";
import type { Shop } from "../api/start-app";
import { type OrderingNotice, orderingNotice } from "../ordering-pause";

/** A pause is read again this often while the page is visible, and at once when it becomes visible. */
const READ_MS = 30_000;

export type NoticeDeps = { api: ApiClient; now: () => Date };
const browserDeps: NoticeDeps = { api, now: () => new Date() };

/**
 * Whether online orders are paused or busy now: from the hours the shop started with, then read again (a pause
 * staff set after the page loaded shows within READ_MS, or when the guest comes back to the tab). The notice
 * goes by itself at the pause's end.
 */
export function useOrderingNotice(shop: Shop, deps: NoticeDeps = browserDeps): OrderingNotice {
  const [hours, setHours] = useState<HoursToday | null>(shop.openingHours);
  const [now, setNow] = useState(deps.now);
  const unitId = shop.module.productionUnitId;
  useEffect(() => {
    let live = true;
    const read = () => {
      if (document.visibilityState === "hidden") return;
      setNow(deps.now());
      deps.api.get<HoursToday>(`/productionunit/${unitId}/OpeningHour/v2/today`).then(
        (answer) => live && setHours(answer),
        // A failed read keeps what the page knows: the place-order step refuses while paused anyway.
        () => {},
      );
    };
    const every = setInterval(read, READ_MS);
    document.addEventListener("visibilitychange", read);
    return () => {
      live = false;
      clearInterval(every);
      document.removeEventListener("visibilitychange", read);
    };
  }, [deps, unitId]);
  const notice = orderingNotice(hours, now, shop.productionUnit.timeZone);
  const pausedUntilMs = notice?.kind === "paused" ? notice.untilMs : null;
  // The end of a pause takes the notice away at that minute, without waiting for the next read.
  useEffect(() => {
    if (pausedUntilMs === null) return;
    const ends = setTimeout(() => setNow(deps.now()), Math.max(0, pausedUntilMs - deps.now().getTime()) + 50);
    return () => clearTimeout(ends);
  }, [pausedUntilMs, deps]);
  return notice;
}

/**
 * The kitchen display (issue 44, point 6), for every role of the restaurant: accepted orders as large tiles in
 * the order they are due, a timer on each, lines struck through by tapping, a tap on a tile bumps it to ready,
 * Recall brings back the last bumped. Live from the restaurant's event stream (lib/use-restaurant-events, as the
 * order queue): each order event reads the queue again, each availability event the availability; the same live
 * status as the queue. Sold out and pause are one button away; whether guests can order is always in view.
 */
import type { AdminOrder } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LiveStatus } from "../../components/live-status";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { browserStorage, safely } from "../../lib/browser-storage";
import { errorMessageKey } from "../../lib/form-errors";
import { queryClient } from "../../lib/query-client";
import { useRestaurantSummary } from "../../lib/restaurant-list";
import { useNow } from "../../lib/use-now";
import { useRestaurantEvents } from "../../lib/use-restaurant-events";
import { activeOrdersQuery, bumpOrder, recallOrder, restaurantOrdersKey } from "./api";
import { OrderTile } from "./order-tile";
import { keepOrders, readStruck, type Struck, toggleLine, writeStruck } from "./struck-items";

/** Passed in by the app (features do not import each other): the sold-out and pause button and banner. */
type Props = {
  availability: (restaurant: { id: number; timeZone: string }) => { button: ReactNode; banner: ReactNode };
  /** Events after which the availability is read again, and how. */
  onAvailabilityEvent: (type: string, restaurantId: number) => void;
};

const THEME_KEY = "kitchen.theme";
/** Until the restaurant list has answered: the zone every demo restaurant uses. */
const FALLBACK_ZONE = "Europe/Copenhagen";

/** Accepted orders, the soonest due first (then the oldest). */
export function tilesOf(orders: AdminOrder[]): AdminOrder[] {
  return orders
    .filter((order) => order.kitchenStatus === "accepted")
    .sort((a, b) => a.readyTime.localeCompare(b.readyTime) || a.createdUtc.localeCompare(b.createdUtc));
}

/** The last bumped: the ready order whose status changed last (a ready order changes only by being bumped). */
export function lastBumpedOf(orders: AdminOrder[]): AdminOrder | undefined {
  return orders
    .filter((order) => order.kitchenStatus === "ready")
    .sort((a, b) => b.changedUtc.localeCompare(a.changedUtc))[0];
}

export function KitchenPage({ availability, onAvailabilityEvent }: Props) {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const summary = useRestaurantSummary(restaurantId);
  const timeZone = summary?.timeZone ?? FALLBACK_ZONE;
  const queue = useQuery(activeOrdersQuery(restaurantId));
  const now = useNow(10_000);
  const live = useRestaurantEvents(restaurantId, queue.isSuccess ? queue.data.lastEventId : undefined, {
    onEvent: ({ type }) => {
      if (type.startsWith("order."))
        void queryClient.invalidateQueries({ queryKey: restaurantOrdersKey(restaurantId) });
      else onAvailabilityEvent(type, restaurantId);
    },
    onGap: () => {
      void queryClient.invalidateQueries({ queryKey: restaurantOrdersKey(restaurantId) });
      onAvailabilityEvent("availability.changed", restaurantId);
    },
  });
  const [struck, setStruck] = useState<Struck>(() => readStruck(restaurantId));
  const [dark, setDark] = useState(() => safely(() => browserStorage()?.getItem(THEME_KEY)) === "dark");
  const [working, setWorking] = useState<string | null>(null);
  /** The last change's outcome, as a message key (translated when shown, so a language switch follows). */
  const [news, setNews] = useState<{ key: string; number: number; failed: boolean } | null>(null);

  const orders = queue.data?.orders ?? [];
  const tiles = tilesOf(orders);
  const lastBumped = lastBumpedOf(orders);

  // Marks of orders that have left the display are forgotten.
  const shownIds = orders.map((order) => order.id).join(",");
  useEffect(() => {
    if (!queue.data) return;
    setStruck((current) => {
      const kept = keepOrders(current, shownIds ? shownIds.split(",") : []);
      writeStruck(restaurantId, kept);
      return kept;
    });
  }, [shownIds, queue.data, restaurantId]);

  const strike = (orderId: string, line: number) =>
    setStruck((current) => {
      const next = toggleLine(current, orderId, line);
      writeStruck(restaurantId, next);
      return next;
    });

  const act = async (order: AdminOrder, change: (order: AdminOrder) => Promise<void>, doneKey: string) => {
    if (working) return;
    setWorking(order.id);
    try {
      await change(order);
      setNews({ key: doneKey, number: order.receiptNumber, failed: false });
    } catch (error) {
      const key =
        error instanceof ApiError && error.status === 409 ? "Kitchen.ChangedElsewhere" : errorMessageKey(error);
      setNews({ key: `errors.${key}`, number: order.receiptNumber, failed: true });
    } finally {
      setWorking(null);
    }
  };

  const toggleTheme = () => {
    safely(() => browserStorage()?.setItem(THEME_KEY, dark ? "light" : "dark"));
    setDark(!dark);
  };

  const { button, banner } = availability({ id: restaurantId, timeZone });
  return (
    <div className={dark ? "kitchen dark" : "kitchen"}>
      <div className="kitchen-head">
        <div>
          <PageHeading title={t("kitchen.title")} />
          {summary && <p className="kitchen-restaurant">{summary.name}</p>}
        </div>
        <div className="kitchen-tools">
          <LiveStatus live={live} />
          {/* One group: on a tablet it goes under the connection line whole, not with Dark screen left alone below. */}
          <div className="kitchen-buttons">
            <button
              type="button"
              className="button"
              aria-disabled={!lastBumped || working !== null || undefined}
              onClick={() => lastBumped && act(lastBumped, recallOrder, "kitchen.recalled")}
            >
              {lastBumped ? t("kitchen.recallNumber", { number: lastBumped.receiptNumber }) : t("kitchen.recall")}
            </button>
            {button}
            <button type="button" className="button" aria-pressed={dark} onClick={toggleTheme}>
              {t("kitchen.dark")}
            </button>
          </div>
        </div>
      </div>
      {banner}
      <p className={news?.failed ? "kitchen-news failed" : "kitchen-news"} role="status">
        {news ? t(news.key, { number: news.number, defaultValue: t("errors.Unknown") }) : ""}
      </p>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadFailed />
      ) : tiles.length === 0 ? (
        <p className="kitchen-empty">{t("kitchen.empty")}</p>
      ) : (
        <div className="tiles">
          {tiles.map((order) => (
            <OrderTile
              key={order.id}
              order={order}
              now={now}
              timeZone={timeZone}
              struck={struck[order.id] ?? []}
              busy={working === order.id}
              onToggleLine={(line) => strike(order.id, line)}
              onBump={() => act(order, bumpOrder, "kitchen.bumped")}
            />
          ))}
        </div>
      )}
    </div>
  );
}

import type { AdminOrder } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useDeferredValue, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadFailed, Loading, PageHeading } from "../../../components/page-heading";
import { browserStorage, safely } from "../../../lib/browser-storage";
import { restaurantsQuery } from "../../../lib/restaurant-list";
import { orderQueueQuery, type QueueView } from "../api/get-order-queue";
import { unseenOrders } from "../live/apply-restaurant-event";
import { useLiveQueue } from "../live/use-live-queue";
import newOrderSound from "../service/sounds/new-order.wav";
import rejectedSound from "../service/sounds/order-rejected.wav";
import { useAlertSounds } from "../service/use-alert-sounds";
import { useWakeLock } from "../service/use-wake-lock";
import { OpenOrdersProvider } from "./open-orders";
import type { PrintKind } from "./order-actions";
import { OrderBoard, OrderList } from "./order-board";
import { PrintSheet } from "./print-sheet";
import { RestaurantTimeZone } from "./restaurant-clock";
import { ServiceBar } from "./service-bar";
import "./orders.css";

/** A per-screen choice (this browser): the kiosk-printing tablet prints each accepted order's ticket. */
const PRINT_ON_ACCEPT_KEY = "backoffice.orders.printOnAccept";

/**
 * A restaurant's live orders (issue 44): the active queue as columns or tabs, today's finished orders, a search;
 * kept live by the event stream; the service's sound, wake lock and warnings; printing.
 */
/** Put in by the app (features do not import each other): sold out and pause, and what its events refresh. */
type Props = {
  availability?: (restaurant: { id: number; timeZone: string }) => { button: ReactNode; banner: ReactNode };
  onAvailabilityEvent?: (type: string, restaurantId: number) => void;
};

export function OrdersPage({ availability, onAvailabilityEvent }: Props = {}) {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().restaurantId);
  const summary = useQuery(restaurantsQuery).data?.restaurants.find((r) => r.id === restaurantId);
  const restaurantName = summary?.name ?? t("orders.title");
  const slots = availability?.({ id: restaurantId, timeZone: summary?.timeZone ?? "Europe/Copenhagen" });
  const [view, setView] = useState<QueueView>("active");
  const [search, setSearch] = useState("");
  const searched = useDeferredValue(search.trim());
  const searchId = useId();
  const moreId = useId();
  // On a phone the search and the print setting fold behind one button (orders.css), so the first order is in view.
  const [moreOpen, setMoreOpen] = useState(false);

  // The whole active queue always: it drives the sound and the stream's starting point, whatever is shown.
  const active = useQuery(orderQueueQuery(restaurantId, "active"));
  const shownQuery = useQuery({
    ...orderQueueQuery(restaurantId, view, searched),
    enabled: view === "finished" || searched !== "",
  });
  const shown = view === "active" && searched === "" ? active : shownQuery;

  const sounds = useAlertSounds(unseenOrders(active.data?.orders ?? []).map((order) => order.id));
  const [armRefused, setArmRefused] = useState(false);
  const live = useLiveQueue(restaurantId, active.isSuccess ? active.data.lastEventId : undefined, (event) => {
    if (event.type === "order.rejected") sounds.playRejected();
    onAvailabilityEvent?.(event.type, restaurantId);
  });
  const wakeLock = useWakeLock(sounds.armed);

  const [printOnAccept, setPrintOnAccept] = useState(
    () => safely(() => browserStorage()?.getItem(PRINT_ON_ACCEPT_KEY)) === "true",
  );
  const choosePrintOnAccept = (on: boolean) => {
    setPrintOnAccept(on);
    safely(() => browserStorage()?.setItem(PRINT_ON_ACCEPT_KEY, String(on)));
  };
  const [printJob, setPrintJob] = useState<{ order: AdminOrder; kind: PrintKind; key: number } | null>(null);
  const print = useCallback(
    (order: AdminOrder, kind: PrintKind) => setPrintJob((job) => ({ order, kind, key: (job?.key ?? 0) + 1 })),
    [],
  );
  const printed = useCallback(() => setPrintJob(null), []);

  return (
    <RestaurantTimeZone.Provider value={summary?.timeZone ?? "Europe/Copenhagen"}>
      <OpenOrdersProvider>
        <PageHeading title={t("orders.titleOf", { restaurant: restaurantName })} />
        <ServiceBar
          live={live}
          armed={sounds.armed}
          armRefused={armRefused}
          wakeLock={wakeLock}
          onStart={() => void sounds.arm().then((ok) => setArmRefused(!ok))}
        />
        {slots?.banner}
        <div className="queue-tools">
          <fieldset className="view-switch">
            <legend className="visually-hidden">{t("orders.view")}</legend>
            {(["active", "finished"] as const).map((option) => (
              <button
                key={option}
                type="button"
                className={view === option ? "button primary" : "button"}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {t(`orders.views.${option}`)}
              </button>
            ))}
          </fieldset>
          {slots?.button}
          <button
            type="button"
            className="button quiet queue-more-toggle"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <span className="disclosure-mark" aria-hidden="true" />
            {t("orders.more")}
            {/* Folded with a search in it, the list is still filtered: the button says so. */}
            {!moreOpen && searched !== "" && (
              <span className="queue-more-searching">{t("orders.moreSearching", { search: searched })}</span>
            )}
          </button>
          <div id={moreId} className={moreOpen ? "queue-more open" : "queue-more"}>
            <div className="field search-field">
              <label htmlFor={searchId}>{t("orders.search")}</label>
              <input
                id={searchId}
                type="search"
                value={search}
                inputMode="search"
                autoComplete="off"
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="field checkbox print-setting">
              <input
                id="print-on-accept"
                type="checkbox"
                checked={printOnAccept}
                onChange={(event) => choosePrintOnAccept(event.target.checked)}
              />
              <label htmlFor="print-on-accept">{t("orders.printOnAccept")}</label>
            </div>
          </div>
        </div>
        {shown.isPending ? (
          <Loading />
        ) : shown.isError ? (
          <LoadFailed />
        ) : searched !== "" && shown.data.orders.length === 0 ? (
          // Not three columns of "No new orders.": that reads as an empty kitchen, not as a search that found nothing.
          <p className="search-none" role="status">
            {t(`orders.noMatch.${view}`, { search: searched })}
          </p>
        ) : view === "active" ? (
          <OrderBoard orders={shown.data.orders} onPrint={print} printOnAccept={printOnAccept} />
        ) : (
          <section aria-labelledby="finished-title" className="finished">
            <h2 id="finished-title">{t("orders.views.finished")}</h2>
            <OrderList
              orders={[...shown.data.orders].sort((a, b) => b.changedUtc.localeCompare(a.changedUtc))}
              empty={t("orders.empty.finished")}
              onPrint={print}
              printOnAccept={printOnAccept}
            />
          </section>
        )}
        {/* biome-ignore lint/a11y/useMediaCaption: an alert chime has no words to caption; the red banner and the cards show the same news */}
        <audio ref={sounds.newOrderRef} src={newOrderSound} preload="auto" data-sound="new-order" />
        {/* biome-ignore lint/a11y/useMediaCaption: as above */}
        <audio ref={sounds.rejectedRef} src={rejectedSound} preload="auto" data-sound="order-rejected" />
        {printJob && (
          <PrintSheet
            key={printJob.key}
            order={printJob.order}
            kind={printJob.kind}
            restaurantName={restaurantName}
            onPrinted={printed}
          />
        )}
      </OpenOrdersProvider>
    </RestaurantTimeZone.Provider>
  );
}

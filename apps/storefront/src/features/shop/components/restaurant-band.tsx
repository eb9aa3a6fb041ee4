import { useTranslation } from "react-i18next";
import type { Shop } from "../api/start-app";
import { type StatusDeps, useRestaurantStatus } from "../hooks/use-restaurant-status";
import type { HoursLine, PickupPromise } from "../restaurant-status";
import "./shop-brand.css";

/**
 * The front page's band under the header, as a delivery app's restaurant page opens: the restaurant's name and
 * address, whether it is open now, today's hours and when an order placed now would be ready.
 */
export function RestaurantBand({ shop, deps }: { shop: Shop; deps?: StatusDeps }) {
  const { t } = useTranslation();
  const status = useRestaurantStatus(shop, deps);
  const { name, address } = shop.productionUnit;
  return (
    <section className="restaurant-band" aria-label={name}>
      <div className="band-identity">
        <p className="band-name">{name}</p>
        <p className="band-address">{address}</p>
      </div>
      <ul className="band-facts">
        {status.openNow === null ? null : (
          <li className={`band-state ${status.openNow ? "is-open" : "is-closed"}`}>
            <span className="band-dot" aria-hidden="true" />
            {t(status.openNow ? "Brand.OpenNow" : "Brand.ClosedNow")}
          </li>
        )}
        {status.hours ? (
          <li className="band-hours">
            <ClockIcon />
            <span>
              {status.hours.kind === "all-day"
                ? t("Brand.OpenAllDay")
                : `${t("Brand.Today")}: ${hoursText(status.hours, t)}`}
            </span>
          </li>
        ) : null}
        <li className="band-pickup" aria-live="polite">
          <BagIcon />
          {status.pickup ? (
            <span>{pickupText(status.pickup, t)}</span>
          ) : (
            <span className="band-pending skeleton" aria-hidden="true" />
          )}
        </li>
      </ul>
    </section>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function hoursText(hours: Exclude<HoursLine, { kind: "all-day" }>, t: T): string {
  if (hours.kind === "closed") return t("Brand.ClosedToday");
  return t("Brand.HoursToday", { open: hours.open, close: hours.close });
}

function pickupText(pickup: PickupPromise, t: T): string {
  if (pickup.kind === "ready-in") return t("Brand.ReadyIn", { minutes: pickup.minutes });
  if (pickup.kind === "opens-at") return t("Brand.OpensAt", { time: pickup.time });
  if (pickup.kind === "paused-until") return t("Brand.OrdersAgainAt", { time: pickup.time });
  return t("Brand.NoMorePickups");
}

function ClockIcon() {
  return (
    <svg className="band-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function BagIcon() {
  return (
    <svg className="band-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 8h14l-1 12H6z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

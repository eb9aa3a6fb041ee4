import { useTranslation } from "react-i18next";
import type { LiveState } from "../live/use-live-queue";
import type { WakeLockState } from "../service/use-wake-lock";
import { useNow } from "./use-now";

/**
 * The screen's own health, always in view: Start service (sound and wake lock), the connection ("Live · last
 * event 4 s ago" / "Reconnecting…"), and a red banner for each way an order could go unseen here.
 */
export function ServiceBar(props: {
  live: LiveState;
  armed: boolean;
  armRefused: boolean;
  wakeLock: WakeLockState;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const { live, armed, wakeLock } = props;
  const problems = [
    !armed && t(props.armRefused ? "orders.banner.soundBlocked" : "orders.banner.muted"),
    armed && wakeLock !== "held" && wakeLock !== "off" && t(`orders.banner.wakeLock.${wakeLock}`),
    live.connection !== "live" && t("orders.banner.disconnected"),
  ].filter((problem): problem is string => Boolean(problem));

  return (
    <div className="service">
      <div className="service-bar">
        {armed ? (
          <span className="service-on">{t("orders.serviceOn")}</span>
        ) : (
          <button type="button" className="button primary big" onClick={props.onStart}>
            {t("orders.startService")}
          </button>
        )}
        <LiveStatus live={live} />
      </div>
      {problems.length > 0 && (
        <div className="service-banner" role="alert">
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The connection's state in a status region (announced when it changes); the age beside it, renewed each second. */
function LiveStatus({ live }: { live: LiveState }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const since = live.lastEventAt ?? live.connectedAt;
  const seconds = since ? Math.max(0, Math.round((now.getTime() - since.getTime()) / 1000)) : 0;
  return (
    <p className={`live-status ${live.connection}`}>
      <span role="status" className="live-state">
        {t(`orders.connection.${live.connection}`)}
      </span>
      {live.connection === "live" && (
        <span className="live-age">
          {" · "}
          {t(live.lastEventAt ? "orders.lastEvent" : "orders.connectedFor", ageValues(seconds))}
        </span>
      )}
    </p>
  );
}

/** "4 s" up to a minute and a half, then whole minutes: a quiet evening should not read as a stuck counter. */
function ageValues(seconds: number) {
  return seconds < 90
    ? { count: seconds, context: "seconds" }
    : { count: Math.round(seconds / 60), context: "minutes" };
}

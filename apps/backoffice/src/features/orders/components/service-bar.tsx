import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LiveStatus } from "../../../components/live-status";
import type { Connection } from "../../../lib/restaurant-event-stream";
import type { LiveState } from "../../../lib/use-restaurant-events";
import type { WakeLockState } from "../service/use-wake-lock";

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
    useConnectionLost(live.connection) && t("orders.banner.disconnected"),
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
          {/* One problem is a sentence, not a list of one (a lone bullet reads as a stray mark). */}
          {problems.length === 1 ? (
            <p>{problems[0]}</p>
          ) : (
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * How long the screen's first connection may take before it counts as lost: every load takes a moment to connect,
 * and a red "no connection" banner each time was a false alarm that also moved the orders down. The status beside
 * Start service says "Connecting…" meanwhile.
 */
export const FIRST_CONNECTION_GRACE_MS = 5_000;

/** Whether new orders may not arrive: the connection dropped, or the first one has not come up in the grace time. */
function useConnectionLost(connection: Connection): boolean {
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    if (connection !== "connecting") return;
    const timer = setTimeout(() => setGraceOver(true), FIRST_CONNECTION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [connection]);
  return connection === "reconnecting" || (connection === "connecting" && graceOver);
}

import { useTranslation } from "react-i18next";
import { LiveStatus } from "../../../components/live-status";
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

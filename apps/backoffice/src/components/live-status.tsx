import { useTranslation } from "react-i18next";
import { useNow } from "../lib/use-now";
import type { LiveState } from "../lib/use-restaurant-events";

/**
 * A staff screen's connection, always in view ("Live · last event 4 s ago" / "Reconnecting…"): the state in a
 * status region (announced when it changes), the age beside it, renewed each second.
 */
export function LiveStatus({ live }: { live: LiveState }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const since = live.lastEventAt ?? live.connectedAt;
  const seconds = since ? Math.max(0, Math.round((now.getTime() - since.getTime()) / 1000)) : 0;
  return (
    <p className={`live-status ${live.connection}`}>
      <span role="status" className="live-state">
        {t(`live.connection.${live.connection}`)}
      </span>
      {live.connection === "live" && (
        <span className="live-age">
          {" · "}
          {t(live.lastEventAt ? "live.lastEvent" : "live.connectedFor", ageValues(seconds))}
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

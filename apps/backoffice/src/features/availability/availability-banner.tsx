/**
 * Whether guests can order online, always in view on the staff screens: "Online orders paused until 12:30" with
 * Resume, busy mode with its end, or a quiet "open". Read on the restaurant's clock; it goes by itself when the
 * pause ends.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "../../lib/form-errors";
import { useNow } from "../../lib/use-now";
import { changePause } from "./api";
import { orderingState } from "./ordering-state";
import { whenText } from "./until-text";
import { useAvailability } from "./use-availability";

export function AvailabilityBanner({ restaurantId, timeZone }: { restaurantId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow(5_000);
  const availability = useAvailability(restaurantId);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!availability.data) return null;
  const state = orderingState(availability.data, now);
  const resume = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      await changePause(restaurantId, i18n.language, { kind: "resume" });
    } catch (error) {
      setFailed(errorMessageKey(error));
    } finally {
      setBusy(false);
    }
  };
  const until = state.kind === "open" ? "" : whenText(t, state.until, now, timeZone, i18n.language);
  return (
    <div className={`ordering-banner ${state.kind}`} role="status">
      <p>
        <span aria-hidden="true" className="ordering-icon">
          {state.kind === "paused" ? "‖" : state.kind === "busy" ? "◔" : "●"}
        </span>{" "}
        {state.kind === "paused"
          ? t("availability.pausedUntil", { until })
          : state.kind === "busy"
            ? t("availability.busyUntil", { minutes: state.minutes, until })
            : t("availability.open")}
      </p>
      {state.kind !== "open" && (
        <button type="button" className="button primary" aria-disabled={busy || undefined} onClick={resume}>
          {state.kind === "paused" ? t("availability.resume") : t("availability.endBusy")}
        </button>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t(`errors.${failed}`, { defaultValue: t("errors.Unknown") })}
        </p>
      )}
    </div>
  );
}

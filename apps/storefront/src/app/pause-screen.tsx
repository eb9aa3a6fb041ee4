import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type PauseScreenProps = {
  logo: string | null;
  restaurantName: string;
  onStart: () => void;
};

/**
 * SPEC §2's pause screen: logo, title and a call to start, over the page after a while without
 * activity. One big button covers it, so any tap or key starts again.
 */
export function PauseScreen({ logo, restaurantName, onStart }: PauseScreenProps) {
  const { t } = useTranslation();
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => start.current?.focus(), []);
  return (
    <div className="pause-screen" role="dialog" aria-modal="true" aria-labelledby="pause-title">
      <button ref={start} type="button" className="pause-screen-start" onClick={onStart}>
        {logo ? <img src={logo} alt={restaurantName} className="pause-screen-logo" height={96} /> : null}
        <span id="pause-title" className="pause-screen-title">
          {t("Pause.Title")}
        </span>
        <span className="pause-screen-call">{t("Pause.Start")}</span>
      </button>
    </div>
  );
}

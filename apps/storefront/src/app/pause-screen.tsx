import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type PauseScreenProps = {
  logo: string | null;
  restaurantName: string;
  onStart: () => void;
};

/**
 * SPEC §2's pause screen: logo, title and a call to start, over the page after a while without
 * activity. One big button covers it, so any tap or key starts again, and the guest continues where they
 * were: the focus goes back to the control they had left (a half-filled field at the checkout).
 */
export function PauseScreen({ logo, restaurantName, onStart }: PauseScreenProps) {
  const { t } = useTranslation();
  const start = useRef<HTMLButtonElement>(null);
  const onStartRef = useRef(onStart);
  onStartRef.current = onStart;
  useEffect(() => {
    const before = document.activeElement;
    start.current?.focus();
    // Any key starts again, Tab too: it would otherwise move the focus behind the screen (to the skip link)
    // while the page stays covered. A modifier alone is no key press yet.
    const onKeyDown = (event: KeyboardEvent) => {
      if (MODIFIER_KEYS.has(event.key)) return;
      event.preventDefault();
      onStartRef.current();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      if (before instanceof HTMLElement && before !== document.body && before.isConnected)
        before.focus({ preventScroll: true });
    };
  }, []);
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

const MODIFIER_KEYS = new Set(["Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock"]);

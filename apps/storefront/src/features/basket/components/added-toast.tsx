import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Addition } from "../basket-store";
import { useBasket } from "../hooks/use-basket";
import "./basket.css";

/** How long the confirmation stays: long enough to read a product's name, short enough not to linger. */
export const ADDED_TOAST_MS = 3000;

/**
 * "Added: Cheeseburger", shown for a moment after every addition the basket took, wherever it came from (a
 * card's counter, the option panel, the precheckout page). It never takes the focus; it is a polite live
 * region, so a screen reader reads it after the guest's own action. What was in the basket when the page
 * opened is not announced. `idle`: what shows in its place between confirmations (the basket column's count).
 */
export function AddedToast({ idle = null }: { idle?: ReactNode }) {
  const { t } = useTranslation();
  const { added } = useBasket();
  const shown = useRecentAddition(added);
  return (
    <>
      <div className="added-toast-region" role="status">
        {shown ? (
          <p key={shown.serial} className="added-toast">
            <CheckIcon />
            <span>
              {t("BasketBar.Added", {
                name:
                  shown.amount > 1 ? t("Cart.ChoiceAmount", { amount: shown.amount, name: shown.name }) : shown.name,
              })}
            </span>
          </p>
        ) : null}
      </div>
      {/* Outside the live region: what shows between confirmations is not announced each time it changes. */}
      {shown ? null : idle}
    </>
  );
}

/** The addition to show: one made since the component mounted, for ADDED_TOAST_MS, then nothing. */
function useRecentAddition(added: Addition | null): Addition | null {
  const seenAtMount = useRef(added?.serial ?? 0);
  const [shown, setShown] = useState<Addition | null>(null);
  useEffect(() => {
    if (!added || added.serial <= seenAtMount.current) return;
    setShown(added);
    const timer = setTimeout(() => setShown(null), ADDED_TOAST_MS);
    return () => clearTimeout(timer);
  }, [added]);
  return shown;
}

function CheckIcon() {
  return (
    <svg className="added-toast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.18" />
      <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

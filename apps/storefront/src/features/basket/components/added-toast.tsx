import { useTranslation } from "react-i18next";
import type { Addition } from "../basket-store";
import { useBasket } from "../hooks/use-basket";
import { useRecentAddition } from "../hooks/use-recent-addition";
import "./basket.css";

/**
 * "Added: Cheeseburger", for a moment after every addition the basket took, wherever it came from (a card's
 * counter, the option panel, the precheckout page). It never takes the focus; it is a polite live region, so a
 * screen reader reads it after the guest's own action. What was in the basket when the page opened is not
 * announced.
 *
 * Where it is seen: never over a control the guest uses next (the option panel's Add at the screen's bottom, the
 * next card's, the basket bar). On a desktop it hangs under the header's basket button, over the basket column's
 * heading; on a phone this region is only heard, and the basket bar says it in place of its count and total
 * (basket-bar.tsx), in space the bar already takes.
 */
export function AddedToast() {
  const { added } = useBasket();
  const shown = useRecentAddition(added);
  return (
    <div className="added-toast-region" role="status">
      {shown ? <AddedMessage key={shown.serial} addition={shown} className="added-toast" /> : null}
    </div>
  );
}

type AddedMessageProps = {
  addition: Addition;
  className: string;
  /** Only the check mark and the name, where the place says the rest (in the basket bar): seen, not heard. */
  short?: boolean;
};

/** The check mark and "Added: 2 × Soda". */
export function AddedMessage({ addition, className, short = false }: AddedMessageProps) {
  const { t } = useTranslation();
  const name =
    addition.amount > 1 ? t("Cart.ChoiceAmount", { amount: addition.amount, name: addition.name }) : addition.name;
  return (
    <span className={className} aria-hidden={short || undefined}>
      <CheckIcon />
      <span>{short ? name : t("BasketBar.Added", { name })}</span>
    </span>
  );
}

function CheckIcon() {
  return (
    <svg className="added-toast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.18" />
      <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

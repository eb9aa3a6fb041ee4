import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Counter } from "../../../components/ui/counter";
import { priceText } from "../../../lib/price-text";
import { type BagFeeItem, type CartLine, cartLines } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import { PriceChangeNotice } from "./price-change-notice";
import "./basket.css";

export type CartLinesProps = {
  /** The checkout shows the bag fee (last, locked); the expanded cart hides it. */
  allowFees: boolean;
  bagFeeItem: BagFeeItem;
};

/** The order lines as the server priced them: name, options, line total, a counter and a remove button. */
export function CartLines({ allowFees, bagFeeItem }: CartLinesProps) {
  const { t, i18n } = useTranslation();
  const { basket, pending, setLineAmount, removeLine } = useBasket();
  const lines = cartLines(basket, { allowFees, bagFeeItem });
  const { listRef, removing } = useFocusAfterRemoval(lines, pending);
  if (lines.length === 0) return null;
  const currency = t("Currency");
  // While a change is on its way, taps are ignored rather than the buttons disabled: a disabled button
  // loses the keyboard focus, and the next tap would be planned on a basket about to be replaced.
  const whenIdle = (action: () => void) => {
    if (!pending) action();
  };
  const remove = (itemId: string) => {
    removing(itemId);
    void removeLine(itemId);
  };
  const setAmount = (itemId: string, amount: number) => {
    if (amount < 1) removing(itemId);
    void setLineAmount(itemId, amount);
  };
  return (
    <>
      <PriceChangeNotice items={lines.map((line) => line.item)} />
      <ul className="cart-lines" ref={listRef} aria-busy={pending || undefined}>
        {lines.map(({ item, locked }) => (
          <li key={item.id} className="cart-line">
            <LineText item={item} />
            <span className="cart-line-price">{priceText(item.totalPrice, i18n.language, currency)}</span>
            <div className="cart-line-controls">
              {locked ? (
                <span className="cart-line-locked">{t("Cart.Locked")}</span>
              ) : (
                <>
                  <Counter
                    value={item.amount}
                    min={0}
                    name={item.name}
                    onChange={(amount) => whenIdle(() => setAmount(item.id, amount))}
                  />
                  <button
                    type="button"
                    className="button-quiet cart-line-remove"
                    aria-label={t("Cart.Remove", { name: item.name })}
                    onClick={() => whenIdle(() => remove(item.id))}
                  >
                    <RemoveIcon />
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The line's name and its options, an option's amount above 1 as "2 × name". With `amount` (where no counter
 * shows it) the line's own amount above 1 is written the same way.
 */
export function LineText({ item, amount }: { item: CartLine["item"]; amount?: number }) {
  const { t } = useTranslation();
  return (
    <div className="cart-line-text">
      <span className="cart-line-name">
        {amount !== undefined && amount > 1 ? t("Cart.ChoiceAmount", { amount, name: item.name }) : item.name}
      </span>
      {item.choices.length > 0 ? (
        <ul className="cart-line-choices">
          {item.choices.map((choice) => (
            <li key={choice.id}>
              {choice.amount > 1 ? t("Cart.ChoiceAmount", { amount: choice.amount, name: choice.name }) : choice.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A removed line takes the focused button with it, and the focus would fall out of the cart. Once the
 * server has answered, the focus moves to the line now in its place (or the one before it).
 */
function useFocusAfterRemoval(lines: CartLine[], pending: boolean) {
  const listRef = useRef<HTMLUListElement>(null);
  const removed = useRef<{ itemId: string; index: number } | null>(null);
  const ids = lines.map((line) => line.item.id);
  const idsKey = ids.join(" ");
  useEffect(() => {
    const target = removed.current;
    if (!target) return;
    if (idsKey.split(" ").includes(target.itemId)) {
      if (!pending) removed.current = null; // not removed after all (the change failed)
      return;
    }
    removed.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return; // the guest has moved on meanwhile
    const rows = listRef.current?.querySelectorAll<HTMLLIElement>(":scope > li") ?? [];
    const row = rows[Math.min(target.index, rows.length - 1)];
    row?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  }, [idsKey, pending]);
  return {
    listRef,
    removing: (itemId: string) => {
      removed.current = { itemId, index: ids.indexOf(itemId) };
    },
  };
}

function RemoveIcon() {
  return (
    <svg className="cart-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13M10 11v6m4-6v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { type BagFeeItem, isBasketEmpty, itemCount } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import { useFocusWhenEmptied } from "../hooks/use-focus-when-emptied";
import { AddedToast } from "./added-toast";
import { CartLines } from "./cart-lines";
import "./basket.css";

export type BasketColumnProps = {
  /** Go-to-checkout: /precheckout or /checkout (SPEC §2's continue rule, decided by the app). */
  onContinue: () => void;
  bagFeeItem: BagFeeItem;
};

/**
 * The desktop's basket beside the menu (issue 42): the lines with their counters and amounts, the total the
 * server computed and the way to the checkout, always in view, so the guest never has to open the cart.
 * Its heading is the column's label (the layout's `aside` names itself by it).
 */
export function BasketColumn({ onContinue, bagFeeItem }: BasketColumnProps) {
  const { t, i18n } = useTranslation();
  const { basket, pending } = useBasket();
  const empty = !basket || isBasketEmpty(basket, bagFeeItem);
  const title = useRef<HTMLHeadingElement>(null);
  useFocusWhenEmptied(empty, title);
  return (
    <div className="basket-column-content">
      <h2 ref={title} id="basket-column-title" className="basket-column-title">
        {t("Cart.Title")}
      </h2>
      {/* "Added: …" in the heading's subtitle line, in place of the count: over nothing, and nothing moves. */}
      <div className={empty ? "basket-column-status" : "basket-column-status basket-column-status-count"}>
        <AddedToast
          idle={
            empty ? null : (
              <p className="basket-column-count">{t("BasketBar.Count", { count: itemCount(basket, bagFeeItem) })}</p>
            )
          }
        />
      </div>
      {empty ? (
        <p className="cart-empty">
          {t("Cart.Empty")}
          <span className="basket-column-hint">{t("BasketBar.EmptyHint")}</span>
        </p>
      ) : (
        <>
          <div className="basket-column-lines">
            <CartLines allowFees={false} bagFeeItem={bagFeeItem} />
          </div>
          <div className="basket-column-footer">
            <p className="cart-total">
              <span>{t("Cart.Total")}</span>
              <span className="cart-total-price">{priceText(basket.totalPrice, i18n.language, t("Currency"))}</span>
            </p>
            <button type="button" className="button-primary button-block" disabled={pending} onClick={onContinue}>
              {t("Cart.GoToCheckout")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { type BagFeeItem, isBasketEmpty, itemCount } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import "./basket.css";

export type BasketBarProps = {
  /** Opens the expanded cart, or goes on to the checkout when the shop has it switched off (SPEC §2). */
  onOpen: () => void;
  /** What the button does: "cart" opens the expanded cart, "checkout" goes on to pay. */
  action: "cart" | "checkout";
  bagFeeItem: BagFeeItem;
  /** Starts loading what the button opens before the tap (hover, focus, touch). */
  onIntent?: () => void;
};

/**
 * The phone's basket bar (issue 42): always in view at the bottom while the basket holds something, with
 * the count and the total the server computed, one tap from the cart. The layout hides it on a desktop
 * (the basket column shows the same) and on the checkout and order pages.
 */
export function BasketBar({ onOpen, action, bagFeeItem, onIntent }: BasketBarProps) {
  const { t, i18n } = useTranslation();
  const { basket } = useBasket();
  if (!basket || isBasketEmpty(basket, bagFeeItem)) return null;
  const count = itemCount(basket, bagFeeItem);
  const total = priceText(basket.totalPrice, i18n.language, t("Currency"));
  const countText = t("BasketBar.Count", { count });
  const actionText = t(action === "cart" ? "BasketBar.ViewBasket" : "Cart.GoToCheckout");
  return (
    <aside className="basket-bar" aria-label={t("BasketBar.Label")}>
      <button
        type="button"
        className="basket-bar-button"
        onClick={onOpen}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
      >
        <span className="basket-bar-summary">
          <span className="basket-bar-count">{countText}</span>
          {" · "}
          <span className="basket-bar-total">{total}</span>
        </span>{" "}
        <span className="basket-bar-action">{actionText}</span>
      </button>
    </aside>
  );
}

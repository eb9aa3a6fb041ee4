import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type BagFeeItem, itemCount } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import "./basket.css";

export type MinicartButtonProps = {
  onOpen: () => void;
  /** The bag-fee product (settings.bagFeeItem): its unit is not counted. */
  bagFeeItem?: BagFeeItem;
  /** Starts loading what the button opens before the tap (hover, focus, touch). */
  onIntent?: () => void;
};

/** The header's basket button with the number of items; a change of that number is announced politely. */
export function MinicartButton({ onOpen, bagFeeItem = null, onIntent }: MinicartButtonProps) {
  const { t } = useTranslation();
  const { basket, status } = useBasket();
  const count = itemCount(basket, bagFeeItem);
  const announcement = useCountAnnouncement(count, status === "ready", (n) => t("Cart.Open", { count: n }));
  return (
    <>
      <button
        type="button"
        className="minicart-button"
        aria-label={t("Cart.Open", { count })}
        onClick={onOpen}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
      >
        <BasketIcon />
        {count > 0 ? (
          <span className="minicart-badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}

/**
 * The text for the live region: set only when the count changes after the basket is ready, so loading
 * the stored basket at start is not read out, but adding from the menu is.
 */
function useCountAnnouncement(count: number, ready: boolean, text: (count: number) => string): string {
  const [announcement, setAnnouncement] = useState("");
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!ready) return;
    if (announced.current !== null && announced.current !== count) setAnnouncement(text(count));
    announced.current = count;
  }, [count, ready, text]);
  return announcement;
}

function BasketIcon() {
  return (
    <svg className="minicart-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

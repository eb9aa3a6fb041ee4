import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import { priceText } from "../../../lib/price-text";
import { type BagFeeItem, isBasketEmpty } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import { CartLines } from "./cart-lines";
import "./basket.css";

export type ExpandedCartProps = {
  open: boolean;
  onClose: () => void;
  /** Go-to-checkout: the app closes the cart and goes on (/precheckout or /checkout, SPEC §2). */
  onContinue: () => void;
  bagFeeItem: BagFeeItem;
};

/**
 * SPEC §2's expanded cart, a sheet: title, clear order (with confirmation), the order lines, the total
 * the server computed, and go-to-checkout. The bag fee is not listed here (SPEC §5).
 */
export function ExpandedCart({ open, onClose, onContinue, bagFeeItem }: ExpandedCartProps) {
  const { t } = useTranslation();
  const { basket, pending, clear } = useBasket();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);
  const empty = isBasketEmpty(basket, bagFeeItem);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The last line removed took the focused button with it: keep the focus in the cart.
    if (open && empty && document.activeElement === document.body) closeRef.current?.focus();
  }, [open, empty]);

  const confirmClear = () => {
    setConfirming(false);
    void clear();
    // Nothing is left to show; focus goes back to the minicart button that opened the cart.
    onClose();
  };

  return (
    <>
      <Dialog open={open} onClose={onClose} title={t("Cart.Title")} variant="sheet" className="cart-sheet">
        <button
          ref={closeRef}
          type="button"
          className="button-quiet cart-close"
          aria-label={t("Actions.Close")}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        {empty || !basket ? (
          <p className="cart-empty">{t("Cart.Empty")}</p>
        ) : (
          <>
            <div className="cart-toolbar">
              <button
                type="button"
                className="button-quiet cart-clear"
                disabled={pending}
                onClick={() => setConfirming(true)}
              >
                {t("Cart.Clear")}
              </button>
            </div>
            <CartLines allowFees={false} bagFeeItem={bagFeeItem} />
            <CartFooter total={basket.totalPrice} pending={pending} onContinue={onContinue} />
          </>
        )}
      </Dialog>
      <ClearConfirmation
        open={open && confirming}
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmClear}
      />
    </>
  );
}

function CartFooter({ total, pending, onContinue }: { total: number; pending: boolean; onContinue: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="cart-footer">
      <p className="cart-total">
        <span>{t("Cart.Total")}</span>
        <span className="cart-total-price">{priceText(total, i18n.language, t("Currency"))}</span>
      </p>
      <button type="button" className="button-primary button-block" disabled={pending} onClick={onContinue}>
        {t("Cart.GoToCheckout")}
      </button>
    </div>
  );
}

type ClearConfirmationProps = { open: boolean; pending: boolean; onCancel: () => void; onConfirm: () => void };

/** "Clear the order?": asked first, since clearing cannot be undone. */
function ClearConfirmation({ open, pending, onCancel, onConfirm }: ClearConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} title={t("Cart.ClearConfirmTitle")}>
      <p>{t("Cart.ClearConfirm")}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {t("Actions.Cancel")}
        </button>
        <button type="button" className="button-danger" disabled={pending} onClick={onConfirm}>
          {t("Cart.ClearConfirmYes")}
        </button>
      </div>
    </Dialog>
  );
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { useBagFeePage } from "../bag-fee-page";
import { bagFeeChoiceShown, bagFeeChoiceValue, bagFeeShownPrice } from "../bag-fee-rules";
import { useBagFeeRule } from "../hooks/use-bag-fee-rule";

/**
 * The bag fee as the guest's explicit choice (SPEC §4, issue 42): "Yes please, a carrier bag (+4 kr.)" or "I will
 * bring my own bag", neither chosen at first (decision 029): nobody is charged, or spared the fee, without seeing
 * it, and the order cannot be placed until the guest has chosen. The bag fee rule runs whether the choice shows
 * or not: a delivery takes the restaurant's bag (SPEC §4 unticks bring-own-bag), said in one line instead.
 */
export function BringOwnBag() {
  useBagFeeRule();
  return <BagFeeChoice />;
}

function BagFeeChoice() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const messageId = useId();
  const { shop, session, basket, bagFeePrice, dispatch, placing } = useBagFeePage();
  const bagFeeItem = shop.settings.bagFeeItem;
  if (bagFeeItem === null) return null;
  const price = bagFeeShownPrice(basket, bagFeeItem, bagFeePrice ?? null);
  const priceWords = price === null ? null : priceText(price, i18n.language, t("Currency"));
  if (session.isDelivery === true) {
    return priceWords ? <p className="bag-fee-note">{t("BagFeeChoice.Delivery", { price: priceWords })}</p> : null;
  }
  if (!bagFeeChoiceShown(session)) return null;
  const value = bagFeeChoiceValue(session.bringOwnBagIsChecked);
  const missing = session.showValidationErrors === true && value === null;
  const choose = (bringOwnBag: boolean) => dispatch({ type: "bringOwnBagChanged", checked: bringOwnBag });
  return (
    <fieldset className="bag-fee-choice" aria-describedby={missing ? messageId : undefined}>
      <legend>{t("BagFeeChoice.Legend")}</legend>
      <label className="payment-check bag-fee-option">
        <input
          type="radio"
          name={name}
          value="bag"
          checked={value === "bag"}
          disabled={placing}
          aria-invalid={missing || undefined}
          onChange={() => choose(false)}
        />
        <span>{t("BagFeeChoice.WithBag")}</span>
        {priceWords ? <span className="bag-fee-price">{t("BagFeeChoice.Price", { price: priceWords })}</span> : null}
      </label>
      <label className="payment-check bag-fee-option">
        <input
          type="radio"
          name={name}
          value="own"
          checked={value === "own"}
          disabled={placing}
          aria-invalid={missing || undefined}
          onChange={() => choose(true)}
        />
        <span>{t("BagFeeChoice.OwnBag")}</span>
      </label>
      <p id={messageId} className="checkout-field-message" role="alert">
        {missing ? t("BagFeeChoice.Choose") : null}
      </p>
    </fieldset>
  );
}

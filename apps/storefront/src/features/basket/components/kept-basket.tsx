import { useTranslation } from "react-i18next";
import { priceText } from "../../../lib/price-text";
import { type BagFeeItem, cartLines, isBasketEmpty } from "../basket-rules";
import { useBasket } from "../hooks/use-basket";
import { LineText } from "./cart-lines";
import "./basket.css";

export type KeptBasketProps = { bagFeeItem: BagFeeItem };

/**
 * A basket filled before the restaurant closed for orders (the closed front page): what is in it, read only,
 * and why it cannot be ordered now. The basket is left as it is, so nothing the guest chose is lost; no
 * button leads on, since every page but the front page goes back to it while the shop is closed.
 */
export function KeptBasket({ bagFeeItem }: KeptBasketProps) {
  const { t, i18n } = useTranslation();
  const { basket } = useBasket();
  if (!basket || isBasketEmpty(basket, bagFeeItem)) return null;
  const currency = t("Currency");
  return (
    <section className="kept-basket" aria-labelledby="kept-basket-title">
      <h2 id="kept-basket-title" className="kept-basket-title">
        {t("KeptBasket.Title")}
      </h2>
      <p className="kept-basket-text">{t("KeptBasket.Text")}</p>
      <ul className="cart-lines">
        {cartLines(basket, { bagFeeItem, allowFees: false }).map(({ item }) => (
          <li key={item.id} className="cart-line">
            <LineText item={item} amount={item.amount} />
            <span className="cart-line-price">{priceText(item.totalPrice, i18n.language, currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

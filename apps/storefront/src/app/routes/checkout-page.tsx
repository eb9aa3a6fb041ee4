import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { CartLines, isBasketEmpty, useBasket } from "../../features/basket";
import type { Shop } from "../../features/shop";
import { priceText } from "../../lib/price-text";
import { usePageTitle } from "../page-title";

/**
 * /checkout (SPEC §2): a go-back link and the cart section, the bag fee listed last and locked. With an
 * empty basket (or one holding only the bag fee) only the cart shows, with continue-shopping. The order
 * comment, guest info, pickup time and payment sections follow in issue 10.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const title = usePageTitle("CheckoutPage.Title");
  const shop = useRouteLoaderData("root") as Shop | null;
  const { basket } = useBasket();
  const cartHeadingId = useId();
  if (!shop) return null;
  const { bagFeeItem } = shop.settings;
  const empty = isBasketEmpty(basket, bagFeeItem);
  return (
    <div className="checkout">
      <Link to="/" className="checkout-back">
        <span aria-hidden="true">← </span>
        {t("CheckoutPage.GoBack")}
      </Link>
      <h1>{title}</h1>
      <section className="checkout-section" aria-labelledby={cartHeadingId}>
        <h2 id={cartHeadingId}>{t("CheckoutPage.Cart")}</h2>
        {empty || !basket ? (
          <>
            <p>{t("CheckoutPage.EmptyBasket")}</p>
            <Link to="/" className="button button-primary">
              {t("CheckoutPage.ContinueShopping")}
            </Link>
          </>
        ) : (
          <>
            <CartLines allowFees bagFeeItem={bagFeeItem} />
            <p className="checkout-total">
              <span>{t("Cart.Total")}</span>
              <strong>{priceText(basket.totalPrice, i18n.language, t("Currency"))}</strong>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

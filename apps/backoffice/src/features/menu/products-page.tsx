/** Every product of the restaurant with its price and whether guests see it; each opens its editor. */
import { formatPrice } from "@app/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMenuEditor } from "./editor-context";
import { FlashNotice } from "./flash-notice";
import { moneyLocale } from "./money-input";
import { nameIn, sortedByName } from "./names";

export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const { editor, base } = useMenuEditor();
  const locale = moneyLocale(i18n.language);
  return (
    <section aria-labelledby="products-title" className="menu-page">
      <FlashNotice />
      <div className="card-head">
        <h2 id="products-title">{t("menu.products")}</h2>
        <Link className="button primary" to={`${base}/products/new`}>
          {t("menu.product.add")}
        </Link>
      </div>
      {editor.products.length === 0 ? (
        <p className="muted">{t("menu.product.none")}</p>
      ) : (
        <ul className="row-list">
          {sortedByName(editor.products, i18n.language, t("menu.unnamed")).map((product) => (
            <li key={product.id}>
              <Link to={`${base}/products/${product.id}`}>
                {nameIn(product.name, i18n.language, t("menu.unnamed"))}
              </Link>
              <span className="row-facts">
                <span>
                  {formatPrice(product.priceMinor, locale)} {t("menu.currency")}
                </span>
                {!product.isVisible && <span className="badge warn">{t("menu.product.hiddenBadge")}</span>}
                {product.isGiftcard && <span className="badge">{t("menu.product.giftcardBadge")}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

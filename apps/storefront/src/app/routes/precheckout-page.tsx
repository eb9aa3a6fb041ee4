import type { Label, Product } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { redirect, useLoaderData, useNavigate } from "react-router";
import { ProductList, precheckoutProducts } from "../../features/menu";
import { usePageTitle } from "../page-title";
import { type ShopDataDeps, shopForPage } from "../shop-data";
import { useMenuBasket } from "../use-menu-basket";

export type PrecheckoutPageData = { products: Product[]; labels: Label[] };

/**
 * /precheckout (SPEC §2): the precheckout category's products without options. It goes on to /checkout
 * when no precheckout category is set, the category has no products, or none are available.
 */
export async function precheckoutPageLoader(deps: ShopDataDeps): Promise<PrecheckoutPageData | null> {
  const shop = await shopForPage(deps);
  if (!shop) return null;
  const categoryId = shop.settings.precheckoutCategory;
  if (categoryId === null) throw redirect("/checkout");
  const [catalogue, stock] = await Promise.all([deps.catalogue(shop), deps.stock(shop.module.productionUnitId)]);
  const category = catalogue.categories.find((candidate) => candidate.id === categoryId);
  const products = (
    category ? precheckoutProducts(category, catalogue.productsById, stock.blockedProductIds) : []
  ).filter((product) => product.id !== shop.settings.bagFeeItem);
  if (products.length === 0) throw redirect("/checkout");
  return { products, labels: catalogue.labels };
}

const NOTHING_BLOCKED: ReadonlySet<number> = new Set();

export function PrecheckoutPage() {
  const data = useLoaderData() as PrecheckoutPageData | null;
  const { t, i18n } = useTranslation();
  const title = usePageTitle("PrecheckoutPage.Title");
  const navigate = useNavigate();
  const basket = useMenuBasket();
  if (!data) return null;
  const toCheckout = (
    <button type="button" className="button-primary" onClick={() => navigate("/checkout")}>
      {t("PrecheckoutPage.ContinueToCheckout")}
    </button>
  );
  return (
    <div className="precheckout">
      <div className="precheckout-heading">
        <h1>{title}</h1>
        {toCheckout}
      </div>
      <ProductList
        products={data.products}
        labels={data.labels}
        blockedProductIds={NOTHING_BLOCKED}
        blockedChoiceIds={NOTHING_BLOCKED}
        language={i18n.language}
        {...basket}
      />
      <div className="page-actions precheckout-continue">{toCheckout}</div>
    </div>
  );
}

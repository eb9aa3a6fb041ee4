import type { Category, Label, Product } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { type LoaderFunctionArgs, redirect, useLoaderData } from "react-router";
import { CategoryNav, categoryProducts, ProductList } from "../../features/menu";
import { translate } from "../../lib/i18n";
import { useDocumentTitle } from "../page-title";
import { type ShopDataDeps, shopForPage, shownCategories } from "../shop-data";
import { useMenuBasket } from "../use-menu-basket";

export type MenuPageData = {
  category: Category;
  categories: Category[];
  products: Product[];
  labels: Label[];
  blockedProductIds: ReadonlySet<number>;
  blockedChoiceIds: ReadonlySet<number>;
};

/**
 * /menu/:categoryId: the category among those the guest may see now. An unknown id is /notfound; a
 * category hidden right now (the lunch menu after 16, one with nothing priced) sends the guest to /.
 */
export async function menuPageLoader(
  { params }: Pick<LoaderFunctionArgs, "params">,
  deps: ShopDataDeps,
): Promise<MenuPageData | null> {
  const shop = await shopForPage(deps);
  if (!shop) return null;
  const [catalogue, stock] = await Promise.all([deps.catalogue(shop), deps.stock(shop.module.productionUnitId)]);
  const categoryId = Number(params.categoryId);
  if (!catalogue.categories.some((category) => category.id === categoryId)) throw redirect("/notfound");
  const categories = shownCategories(shop, catalogue, deps.now());
  const category = categories.find((candidate) => candidate.id === categoryId);
  if (!category) throw redirect("/");
  return {
    category,
    categories,
    // The bag fee is added by the checkout's bring-own-bag rule (SPEC §4), never picked from the menu.
    products: categoryProducts(category, catalogue.productsById).filter(
      (product) => product.id !== shop.settings.bagFeeItem,
    ),
    labels: catalogue.labels,
    ...stock,
  };
}

export function MenuPage() {
  const data = useLoaderData() as MenuPageData | null;
  if (!data) return null;
  return <MenuPageContent data={data} />;
}

function MenuPageContent({ data }: { data: MenuPageData }) {
  const { t, i18n } = useTranslation();
  const basket = useMenuBasket();
  const title = translate(data.category.name, i18n.language);
  useDocumentTitle(title);
  const description = translate(data.category.description, i18n.language);
  return (
    <div className="page-with-sidebar">
      <CategoryNav categories={data.categories} activeId={data.category.id} />
      <div>
        <h1>{title}</h1>
        {description ? <p className="lead">{description}</p> : null}
        {data.products.length === 0 ? (
          <p>{t("MenuPage.NoProducts")}</p>
        ) : (
          <ProductList
            products={data.products}
            labels={data.labels}
            blockedProductIds={data.blockedProductIds}
            blockedChoiceIds={data.blockedChoiceIds}
            language={i18n.language}
            {...basket}
          />
        )}
      </div>
    </div>
  );
}

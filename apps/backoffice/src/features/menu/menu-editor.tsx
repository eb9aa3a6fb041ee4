/**
 * The restaurant's menu editor (issue 45, manager and owner): one read of the whole editable catalogue, shared by
 * its pages — menus and their categories, products, option groups and choices, labels — each a route under
 * /restaurants/{id}/menu.
 */
import type { Restaurant } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Route, Routes, useOutletContext } from "react-router";
import { LoadFailed, Loading } from "../../components/page-heading";
import { ScrollRowNav } from "../../components/scroll-row-nav";
import { queryClient } from "../../lib/query-client";
import { menuCalls, menuEditorQuery } from "./api";
import { CategoryPage } from "./category-page";
import { MenuEditorProvider } from "./editor-context";
import { LabelPage, LabelsPage } from "./labels-page";
import { MenusPage } from "./menus-page";
import { ChoicePage, ModifierPage, OptionsPage } from "./options-page";
import { ProductPage } from "./product-page";
import { ProductsPage } from "./products-page";
import "./menu.css";

export function MenuEditorRoutes() {
  const { t } = useTranslation();
  // The restaurant's layout (features/restaurants) hands its restaurant to the section it shows.
  const { restaurant } = useOutletContext<{ restaurant: Restaurant }>();
  const editor = useQuery(menuEditorQuery(restaurant.id));
  const base = `/restaurants/${restaurant.id}/menu`;
  if (editor.isPending) return <Loading />;
  if (editor.isError) return <LoadFailed />;
  const reload = () => queryClient.fetchQuery({ ...menuEditorQuery(restaurant.id), staleTime: 0 });
  return (
    <MenuEditorProvider value={{ restaurant, editor: editor.data, calls: menuCalls(restaurant.id), base, reload }}>
      <ScrollRowNav label={t("menu.parts")} className="menu-nav">
        <NavLink to={base} end>
          {t("menu.menusAndCategories")}
        </NavLink>
        <NavLink to={`${base}/products`}>{t("menu.products")}</NavLink>
        <NavLink to={`${base}/options`}>{t("menu.options")}</NavLink>
        <NavLink to={`${base}/labels`}>{t("menu.labels")}</NavLink>
      </ScrollRowNav>
      <Routes>
        <Route index element={<MenusPage />} />
        <Route path="categories/:categoryId" element={<CategoryPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/:productId" element={<ProductPage />} />
        <Route path="options" element={<OptionsPage />} />
        <Route path="options/groups/:modifierId" element={<ModifierPage />} />
        <Route path="options/choices/:choiceId" element={<ChoicePage />} />
        <Route path="labels" element={<LabelsPage />} />
        <Route path="labels/:labelId" element={<LabelPage />} />
      </Routes>
    </MenuEditorProvider>
  );
}

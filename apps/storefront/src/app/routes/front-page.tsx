import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import type { CategorySummary } from "../../features/menu/api/get-categories";
import { CategoryTiles } from "../../features/menu/components/category-tiles";

export function FrontPage() {
  const categories = useLoaderData() as CategorySummary[];
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("Frontpage.Title")}</h1>
      <CategoryTiles categories={categories} />
    </>
  );
}

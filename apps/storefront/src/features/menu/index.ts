export { type Catalogue, type CatalogueArgs, type EmbeddedCatalogue, loadCatalogue } from "./api/load-catalogue";
export { type EmbeddedStock, loadStock, type Stock } from "./api/load-stock";
export { CategoryNav, type CategoryNavProps } from "./components/category-nav";
export { type CategoryTile, CategoryTiles } from "./components/category-tiles";
export { MenuSkeleton } from "./components/menu-skeleton";
export { ProductCard, type ProductCardProps } from "./components/product-card";
export { ProductList, type ProductListProps } from "./components/product-list";
export {
  type CategoryVisibility,
  categoryProducts,
  isGridLayout,
  isPriced,
  type ProductsById,
  precheckoutProducts,
  restaurantHour,
  visibleCategories,
} from "./menu-rules";
export type { AddLine } from "./modifier-selection";

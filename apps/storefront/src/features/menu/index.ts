/** @deprecated The front page's tiles come from loadCatalogue + visibleCategories; kept until app/ moves over. */
export { type CategorySummary, getCategories } from "./api/get-categories";
export { type Catalogue, type CatalogueArgs, loadCatalogue } from "./api/load-catalogue";
export { loadStock, type Stock } from "./api/load-stock";
export { CategoryTiles } from "./components/category-tiles";
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

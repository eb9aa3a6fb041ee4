export { type CategorySummary, getCategories } from "./api/get-categories";
export { CategoryTiles } from "./components/category-tiles";

/** What other features use of the catalogue. */
export { createEmptyCatalogue, type EmptyCatalogue } from "./create-empty-catalogue";
export { menuEditorRoutes } from "./editing/admin-routes";
export { isCategoryOfMenuInstance, isProductOfInstance } from "./find-catalogue-ids";
export { listCatalogueNames } from "./list-catalogue-names";

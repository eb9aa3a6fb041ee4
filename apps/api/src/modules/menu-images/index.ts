/** Menu images (product and category pictures, issue 45): owns menu_image and menu_image_variant. */
export { menuImageAdminRoutes } from "./admin-routes";
export { claimMenuImage } from "./claim-menu-image";
export { deleteUnreferencedMenuImages, markUnreferencedMenuImages } from "./collect-unreferenced-images";
export { menuImageRoutes } from "./routes";

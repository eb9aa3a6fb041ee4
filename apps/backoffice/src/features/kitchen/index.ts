/** The kitchen display (issue 44, point 6). */
export { KitchenPage } from "./kitchen-page";

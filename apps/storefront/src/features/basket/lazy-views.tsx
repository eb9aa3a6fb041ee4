/**
 * The basket's views a page does not need for its first paint, each in a chunk of its own (decision 010's
 * budget; issue 42 freed them from the first load): the expanded cart opens on a tap, and the desktop's basket
 * column sits beside the menu, outside the page's largest paint. `prefetchBasketViews` starts the download
 * before the tap (hover, focus, touch, or an idle moment after the first paint), so the tap does not wait. The
 * basket kept while the restaurant is closed shows on that rare page only, and only with something in it.
 */
import { lazy } from "react";

const loadExpandedCart = () => import("./components/expanded-cart");
const loadBasketColumn = () => import("./components/basket-column");
const loadKeptBasket = () => import("./components/kept-basket");

export const ExpandedCart = lazy(() => loadExpandedCart().then((module) => ({ default: module.ExpandedCart })));
export const BasketColumn = lazy(() => loadBasketColumn().then((module) => ({ default: module.BasketColumn })));
export const KeptBasket = lazy(() => loadKeptBasket().then((module) => ({ default: module.KeptBasket })));

/** Starts loading the expanded cart's chunk (a module is fetched once; later calls cost nothing). */
export function prefetchBasketViews(): void {
  void loadExpandedCart();
}

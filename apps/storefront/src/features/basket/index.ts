export {
  type BagFeeItem,
  type CartLine,
  type CartLineOptions,
  cartLines,
  countOfProduct,
  isBasketEmpty,
  itemCount,
  type NewLine,
} from "./basket-rules";
export {
  type Addition,
  type BasketApi,
  type BasketState,
  type BasketStatus,
  type BasketStore,
  type BasketStoreDeps,
  basketStore,
  createBasketStore,
  refreshBasketOnReturn,
} from "./basket-store";
export { ADDED_TOAST_MS, AddedToast } from "./components/added-toast";
export { BasketBar, type BasketBarProps } from "./components/basket-bar";
export type { BasketColumnProps } from "./components/basket-column";
export { CartLines, type CartLinesProps } from "./components/cart-lines";
export type { ExpandedCartProps } from "./components/expanded-cart";
export type { KeptBasketProps } from "./components/kept-basket";
export { MinicartButton, type MinicartButtonProps } from "./components/minicart-button";
export { BasketStoreProvider, type BasketView, useBasket } from "./hooks/use-basket";
export { useFocusWhenEmptied } from "./hooks/use-focus-when-emptied";
export { BasketColumn, ExpandedCart, KeptBasket, prefetchBasketViews } from "./lazy-views";

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
  type BasketApi,
  type BasketState,
  type BasketStatus,
  type BasketStore,
  type BasketStoreDeps,
  basketStore,
  createBasketStore,
} from "./basket-store";
export { CartLines, type CartLinesProps } from "./components/cart-lines";
export { ExpandedCart, type ExpandedCartProps } from "./components/expanded-cart";
export { MinicartButton, type MinicartButtonProps } from "./components/minicart-button";
export { BasketStoreProvider, type BasketView, useBasket } from "./hooks/use-basket";

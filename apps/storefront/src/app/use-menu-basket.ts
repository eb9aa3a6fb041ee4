import { basketStore, countOfProduct, type NewLine, useBasket } from "../features/basket";

/**
 * The basket as the menu's product lists use it (the features meet here, in the app). Adding rejects
 * when the basket refused the line, so the option panel stays open with the guest's choices instead of
 * announcing an item that is not in the basket; the layout then shows the error page (SPEC §4).
 */
export function useMenuBasket() {
  const basket = useBasket();
  return {
    countOf: (productId: number) => countOfProduct(basket.basket, productId),
    onSetCount: (productId: number, count: number) => void basket.setProductCount(productId, count),
    onAdd: async (line: NewLine) => {
      await basket.add(line);
      if (basketStore.getSnapshot().status === "error") throw new Error("The basket did not take the line");
    },
    pending: basket.pending,
  };
}

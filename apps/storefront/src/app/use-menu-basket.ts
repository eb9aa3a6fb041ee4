import type { CounterStep } from "../components/ui/counter";
import { basketStore, countOfProduct, type NewLine, useBasket } from "../features/basket";

/**
 * The basket as the menu's product lists use it (the features meet here, in the app). Adding rejects
 * when the basket refused the line, so the option panel stays open with the guest's choices instead of
 * announcing an item that is not in the basket; the layout then shows the error page (SPEC §4).
 */
export function useMenuBasket() {
  const basket = useBasket();
  const countOf = (productId: number) => countOfProduct(basket.basket, productId);
  return {
    countOf,
    // The counter's step goes to the basket as it is: a quick second tap (the count shown not yet updated) adds a
    // second unit instead of asking for the same count again.
    onStep: (productId: number, step: CounterStep) => void basket.changeProductCount(productId, step),
    onAdd: async (line: NewLine) => {
      await basket.add(line);
      if (basketStore.getSnapshot().status === "error") throw new Error("The basket did not take the line");
    },
    pending: basket.pending,
  };
}

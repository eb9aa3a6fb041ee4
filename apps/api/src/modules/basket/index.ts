/** What other features use of the basket feature. */
export { basketOrdered, findOwnBasket } from "./basket-access";
export { readBasketLines, withLineKinds } from "./basket-lines";
export { priceBasketLine } from "./price-basket-line";
export { deleteEmptyBaskets, deleteUnorderedBaskets, lockBasket, paidFor } from "./repository";
export { type RepricedOf, repriceOpenLines } from "./reprice-open-lines";

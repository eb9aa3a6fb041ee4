/** What other features use of the basket feature. */
export { basketOrdered, findOwnBasket } from "./basket-access";
export { readBasketLines, withLineKinds } from "./basket-lines";
export { findBasketHold } from "./repository";

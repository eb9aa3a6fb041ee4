/** What other features use of the warehouse: what is sold out now, and whether online ordering is paused or busy. */
export { busyMinutesAt, orderingPauseAt, refuseWhilePaused } from "./ordering-pause";
export { isProductSoldOut, soldOutChoiceIds } from "./sold-out";

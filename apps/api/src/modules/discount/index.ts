/** What other features (payment, order) use of the discount codes: their usage counter. */
export { giveDiscountUseBack, lockDiscountCodes, tryUseDiscount } from "./repository";

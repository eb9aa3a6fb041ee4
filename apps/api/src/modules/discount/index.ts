/** What other features (payment, order) use of the discount codes: their usage counter. */

export { createDiscountInstance } from "./create-discount-instance";
export { giveDiscountUseBack, lockDiscountCodes, tryUseDiscount } from "./repository";

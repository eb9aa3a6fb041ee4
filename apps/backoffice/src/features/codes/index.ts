export { DiscountCodesPage } from "./discount-codes-page";
export { GiftcardsPage } from "./giftcards-page";

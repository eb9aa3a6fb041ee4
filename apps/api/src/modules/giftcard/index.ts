/** What other features use of the gift cards. */
export { createGiftcardInstance } from "./create-giftcard-instance";

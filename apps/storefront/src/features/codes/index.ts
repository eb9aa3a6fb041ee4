export { codesApi } from "./api";
export { CodesPageProvider } from "./codes-page";
export { DiscountField } from "./components/discount-field";
export { GiftcardField } from "./components/giftcard-field";

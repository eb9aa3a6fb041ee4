export { BagFeePageProvider } from "./bag-fee-page";
export { BringOwnBag } from "./components/bring-own-bag";

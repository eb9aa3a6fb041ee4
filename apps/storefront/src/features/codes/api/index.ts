/** The discount and gift-card calls as one object: the fields take it as a prop, a test hands it a fake. */
import { addDiscount } from "./add-discount";
import { addGiftcard } from "./add-giftcard";
import { getGiftcardAmount } from "./get-giftcard-amount";
import { removeDiscount } from "./remove-discount";
import { removeGiftcard } from "./remove-giftcard";
import { validateDiscount } from "./validate-discount";

export const codesApi = {
  addDiscount,
  addGiftcard,
  getGiftcardAmount,
  removeDiscount,
  removeGiftcard,
  validateDiscount,
};

export type CodesApi = typeof codesApi;

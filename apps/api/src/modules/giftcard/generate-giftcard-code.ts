import { randomInt } from "node:crypto";
import { GIFTCARD_CODE_ALPHABET, GIFTCARD_CODE_LENGTH } from "@app/contracts";

const GROUP = 4;

/**
 * A new gift card's code: 16 characters drawn by the operating system's CSPRNG (crypto.randomInt, no modulo bias)
 * from 25 letters and digits that cannot be mistaken for each other, in groups of four: "HT7K-XQ3M-…". 25^16 is
 * about 5 × 10^22 (75 bits), so a code cannot be guessed within the guessing limits of decision 026.
 */
export function generateGiftcardCode(): string {
  let code = "";
  for (let i = 0; i < GIFTCARD_CODE_LENGTH; i++) {
    if (i > 0 && i % GROUP === 0) code += "-";
    code += GIFTCARD_CODE_ALPHABET[randomInt(GIFTCARD_CODE_ALPHABET.length)];
  }
  return code;
}

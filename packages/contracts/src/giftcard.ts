/** Gift card call of SPEC §7: `GET /giftcard/{instanceId}/{code}/amount` answers the balance. */
import { z } from "zod";
import { StoredText } from "./checkout";
import { Dkk, IntId } from "./common";

export const GiftcardAmountParams = z.object({
  instanceId: IntId.describe("The module's giftcardInstanceId"),
  code: StoredText(64).min(1).describe("The gift card's code (case-insensitive)"),
});
export type GiftcardAmountParams = z.infer<typeof GiftcardAmountParams>;

export const GiftcardAmountQuery = z.object({
  posSettingInstanceId: IntId.optional().describe("Accepted for compatibility; not used"),
});
export type GiftcardAmountQuery = z.infer<typeof GiftcardAmountQuery>;

export const GiftcardAmount = z
  .object({
    amount: Dkk.describe("The gift card's balance, DKK"),
    giftcardCode: z.string().describe("The code as stored (upper-case)"),
  })
  .meta({ id: "GiftcardAmount" });
export type GiftcardAmount = z.infer<typeof GiftcardAmount>;

/** Gift card call of SPEC §7: `GET /giftcard/{instanceId}/{code}/amount` answers the balance. */
import { z } from "zod";
import { CodeText } from "./checkout";
import { Dkk, IntId } from "./common";

export const GiftcardAmountParams = z.object({
  instanceId: IntId.describe("The module's giftcardInstanceId"),
  code: CodeText.describe("The gift card's code (case-insensitive)"),
});
export type GiftcardAmountParams = z.infer<typeof GiftcardAmountParams>;

export const GiftcardAmountQuery = z.object({
  posSettingInstanceId: IntId.optional().describe("Accepted for compatibility; not used"),
});
export type GiftcardAmountQuery = z.infer<typeof GiftcardAmountQuery>;

/** SPEC §7 "response is the amount": a bare JSON number, not an object (docs/api-conventions.md, Decisions). */
export const GiftcardAmount = Dkk.describe(
  "The gift card's balance in DKK as a bare JSON number, e.g. 500 or 89.5",
).meta({
  id: "GiftcardAmount",
});
export type GiftcardAmount = z.infer<typeof GiftcardAmount>;

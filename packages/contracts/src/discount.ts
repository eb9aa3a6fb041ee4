/**
 * Discount call of SPEC §7: `POST /discount/validate` answers what a code takes off a basket.
 * The server prices the basket itself; a client's prices are never used.
 */
import { z } from "zod";
import { BasketChoiceRequest, basketItemEchoFields, MAX_CHOICES_PER_LINE } from "./basket";
import { CodeText } from "./checkout";
import { BodyIntId, Dkk, IntId, ignoredEcho, Uuid } from "./common";

export const DiscountValidateQuery = z.object({
  instanceId: IntId.describe("The module's discountInstanceId"),
  moduleId: IntId.describe("A module of the token's production unit"),
  posSettingInstanceId: IntId.optional().describe("Accepted for compatibility; not used"),
});
export type DiscountValidateQuery = z.infer<typeof DiscountValidateQuery>;

export const DiscountItem = z
  .object({
    productId: BodyIntId.describe("A product of the module's catalogue"),
    amount: z.number().int().min(1).max(99).describe("Units of it"),
    ...basketItemEchoFields,
    totalPrice: ignoredEcho(
      "BasketItem.totalPrice (DKK number)",
      "the server prices the line itself from the catalogue, options included",
    ),
    choices: z
      .array(BasketChoiceRequest)
      .max(MAX_CHOICES_PER_LINE)
      .default([])
      .describe(
        "The line's picked options (BasketChoice as answered, or just { choiceId, modifierId, amount }); priced and " +
          "checked as adding the line to a basket would. Empty or left out: the product alone",
      ),
  })
  .describe(
    "A basket line: { productId, amount, choices }, or a BasketItem exactly as GET /basket/{id} answered it; " +
      "productId, amount and the choices' choiceId, modifierId and amount are used, every price, name and id is ignored",
  )
  .meta({ id: "DiscountItem" });
export type DiscountItem = z.infer<typeof DiscountItem>;

export const DiscountValidateBody = z
  .object({
    discountCode: CodeText.describe("The code (case-insensitive)"),
    basketId: Uuid.optional().describe(
      "A basket of the token's production unit: its lines as the basket priced them (options included) are used, " +
        "and items is then ignored",
    ),
    items: z
      .array(DiscountItem)
      .max(200)
      .optional()
      .describe(
        "Used when no basketId is given: each line priced from the catalogue as the basket prices it (product " +
          "price today plus its options, × amount); a line without choices is the product's price today × amount",
      ),
  })
  .refine((body) => body.basketId !== undefined || body.items !== undefined, {
    message: "Send basketId or items",
    path: ["items"],
  })
  .meta({ id: "DiscountValidateRequest" });
export type DiscountValidateBody = z.infer<typeof DiscountValidateBody>;

export const DiscountValidation = z
  .object({
    sumDiscount: Dkk.describe("What the code takes off this basket, DKK (greater than 0)"),
    discountCode: z.string().describe("The code as stored (upper-case)"),
  })
  .meta({ id: "DiscountValidation" });
export type DiscountValidation = z.infer<typeof DiscountValidation>;

/**
 * Discount call of SPEC §7: `POST /discount/validate` answers what a code takes off a basket.
 * The server prices the basket itself; a client's prices are never used.
 */
import { z } from "zod";
import { basketItemEchoFields } from "./basket";
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
      "the server prices the line itself (product price today × amount)",
    ),
    choices: ignoredEcho("BasketItem.choices (list)", "items are priced without their options"),
  })
  .describe(
    "A basket line: { productId, amount }, or a BasketItem exactly as GET /basket/{id} answered it; only productId " +
      "and amount are used",
  )
  .meta({ id: "DiscountItem" });
export type DiscountItem = z.infer<typeof DiscountItem>;

export const DiscountValidateBody = z
  .object({
    discountCode: CodeText.describe("The code (case-insensitive)"),
    basketId: Uuid.optional().describe(
      "Preferred: a basket of the token's production unit; its server-priced lines (options included) are used",
    ),
    items: z
      .array(DiscountItem)
      .max(200)
      .optional()
      .describe(
        "Used when no basketId is given: lines priced as the product's price today × amount (options not counted)",
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

import { z } from "zod";
import { BodyIntId, Dkk, LanguageCode, Uuid } from "./common";

/** Most units of a product on one basket line, and most units of one choice per product unit. */
export const MAX_LINE_AMOUNT = 99;
/** Generous bound on the choices of one line; real products have a handful. */
const MAX_CHOICES_PER_LINE = 50;
/** A client-sent price is never used; this only keeps absurd numbers out. */
const IgnoredDkk = z.number().min(0).max(10_000_000);

// ── Parameters ─────────────────────────────────────────────────────────────────────────────

export const BasketParams = z.object({ id: Uuid.describe("The basket's id (a random UUID)") });
export type BasketParams = z.infer<typeof BasketParams>;

export const BasketItemParams = z.object({
  id: Uuid.describe("The basket's id"),
  itemId: Uuid.describe("The basket line's id (BasketItem.id)"),
});
export type BasketItemParams = z.infer<typeof BasketItemParams>;

export const BasketQuery = z.object({
  language: LanguageCode.default("da-DK").describe(
    "Language of product and choice names in the answer (default da-DK)",
  ),
});
export type BasketQuery = z.infer<typeof BasketQuery>;

// ── Requests ───────────────────────────────────────────────────────────────────────────────

const LineAmount = z
  .number()
  .int()
  .min(1)
  .max(MAX_LINE_AMOUNT)
  .describe(`Units of the product on the line, 1–${MAX_LINE_AMOUNT}`);

const chosenFields = {
  choiceId: BodyIntId.describe("The choice (Choice.id)"),
  modifierId: BodyIntId.describe("The option group of the product the choice is picked in"),
  amount: z
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_AMOUNT)
    .describe("Units of this choice per product unit (leave unpicked choices out)"),
};

export const NewBasketChoice = z.object(chosenFields).strict().meta({ id: "NewBasketChoice" });
export type NewBasketChoice = z.infer<typeof NewBasketChoice>;

const clientPriceNote =
  "Ignored: the server prices every line from the catalogue and answers its own prices. Accepted only for compatibility with clients that send it.";

const addFields = {
  productId: BodyIntId.describe("The product (Product.id) of the basket's restaurant"),
  amount: LineAmount,
  price: IgnoredDkk.optional().describe(clientPriceNote),
  productPrice: IgnoredDkk.optional().describe(clientPriceNote),
  imageUrl: z.string().max(2048).optional().describe("Ignored: the answer carries the product's image"),
};

export const AddBasketItem = z
  .object({
    ...addFields,
    choices: z.array(NewBasketChoice).max(MAX_CHOICES_PER_LINE).default([]).describe("The picked options"),
  })
  .strict()
  .describe(
    "A product to add. The same product with the same choices already in the basket is merged into that line " +
      `(amounts summed, at most ${MAX_LINE_AMOUNT}). Client prices are ignored.`,
  )
  .meta({ id: "AddBasketItem" });
export type AddBasketItem = z.infer<typeof AddBasketItem>;

/** A choice as clients echo it back from a BasketItem: the read-only fields are accepted and ignored. */
export const BasketChoiceUpdate = z
  .object({
    ...chosenFields,
    id: z.string().max(64).optional().describe("Ignored (echo of BasketChoice.id)"),
    name: z.string().max(500).optional().describe("Ignored (echo of BasketChoice.name)"),
    price: IgnoredDkk.optional().describe(clientPriceNote),
  })
  .strict()
  .meta({ id: "BasketChoiceUpdate" });
export type BasketChoiceUpdate = z.infer<typeof BasketChoiceUpdate>;

export const UpdateBasketItem = z
  .object({
    ...addFields,
    choices: z
      .array(BasketChoiceUpdate)
      .max(MAX_CHOICES_PER_LINE)
      .default([])
      .describe("The line's options after the change (the full list, not a difference)"),
    id: z.string().max(64).optional().describe("Ignored (echo of BasketItem.id; the path's itemId counts)"),
    name: z.string().max(500).optional().describe("Ignored (echo of BasketItem.name)"),
    totalPrice: IgnoredDkk.optional().describe(clientPriceNote),
    editingIsDisabled: z.boolean().optional().describe("Ignored (echo of BasketItem.editingIsDisabled)"),
  })
  .strict()
  .describe(
    "The full basket item with the new amount and choices; the line is re-priced by the server. " +
      "productId must stay the line's product. Client prices and the echoed read-only fields are ignored.",
  )
  .meta({ id: "UpdateBasketItem" });
export type UpdateBasketItem = z.infer<typeof UpdateBasketItem>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────

export const BasketChoice = z
  .object({
    id: z.string().describe("Id of this choice on the line"),
    choiceId: z.number().int().describe("The choice (Choice.id)"),
    modifierId: z.number().int().describe("The option group it was picked in"),
    name: z.string().describe("The choice's name in the requested language"),
    amount: z.number().int().describe("Units of this choice per product unit"),
    price: Dkk.describe(
      "What this choice adds to the price of one product unit, in DKK, after included choices and free amounts",
    ),
  })
  .meta({ id: "BasketChoice" });
export type BasketChoice = z.infer<typeof BasketChoice>;

export const BasketItem = z
  .object({
    id: z.string().describe("Id of the basket line (itemId in PUT/DELETE paths)"),
    productId: z.number().int().describe("The product (Product.id)"),
    name: z.string().describe("The product's name in the requested language"),
    amount: z.number().int().describe(`Units of the product, 1–${MAX_LINE_AMOUNT}`),
    price: Dkk.describe("Unit price with the chosen options as charged (productPrice + the choices' prices), DKK"),
    productPrice: Dkk.describe("The product's unit price today, weekday sale price applied, without options, DKK"),
    imageUrl: z.string().describe("The product's image"),
    totalPrice: Dkk.describe("What the line costs: price × amount, DKK"),
    choices: z.array(BasketChoice).describe("The picked options"),
    editingIsDisabled: z
      .boolean()
      .describe("True for the bag-fee product: its amount and options cannot be changed (it can be removed)"),
  })
  .meta({ id: "BasketItem" });
export type BasketItem = z.infer<typeof BasketItem>;

export const BasketProduct = z
  .object({
    id: z.string().describe("Id of the basket line (= BasketItem.id)"),
    productId: z.number().int().describe("The product (Product.id)"),
    count: z.number().int().describe("Units of the product on the line (= BasketItem.amount)"),
  })
  .meta({ id: "BasketProduct" });
export type BasketProduct = z.infer<typeof BasketProduct>;

export const Basket = z
  .object({
    id: z.string().describe("The basket's id (random UUID); keep it to read and change the basket"),
    createdTimeUtc: z.iso
      .datetime()
      .describe("When the basket was created (ISO 8601 UTC); it expires 120 minutes later (410 BASKET_EXPIRED)"),
    items: z.array(BasketItem).describe("The lines, oldest first; a bag-fee line comes last"),
    products: z.array(BasketProduct).describe("The same lines in short form (the second reading of the spec)"),
    totalPrice: Dkk.describe("Sum of the lines' totalPrice, DKK"),
    itemCount: z.number().int().describe("Sum of the lines' amounts (the bag fee included)"),
  })
  .meta({ id: "Basket" });
export type Basket = z.infer<typeof Basket>;

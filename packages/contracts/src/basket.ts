import { z } from "zod";
import { BodyIntId, Dkk, ignoredEcho, LanguageCode, Uuid } from "./common";

/** Most units of a product on one basket line, and most units of one choice per product unit. */
export const MAX_LINE_AMOUNT = 99;
/** Generous bound on the choices of one line; real products have a handful. */
export const MAX_CHOICES_PER_LINE = 50;

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
//
// A client may send back exactly what GET /basket/{id} answered (SPEC §3 "Basket item", "Choice in
// basket"): the fields the server uses are checked (400 when wrong), the ones it computes itself are
// accepted with any value and ignored, and keys it does not know are dropped, never refused
// (docs/decisions/007-request-leniency.md).

const LineAmount = z
  .number()
  .int()
  .min(1)
  .max(MAX_LINE_AMOUNT)
  .describe(`Units of the product on the line, 1–${MAX_LINE_AMOUNT}`);

const clientPrice = "the server prices every line from the catalogue and answers its own prices";

/** A picked option as SPEC §3 gives it: { choiceId, modifierId, name, amount, price } plus id, as BasketChoice answers it. */
export const BasketChoiceRequest = z
  .object({
    choiceId: BodyIntId.describe("The choice (Choice.id)"),
    modifierId: BodyIntId.describe("The option group of the product the choice is picked in"),
    amount: z
      .number()
      .int()
      .min(1)
      .max(MAX_LINE_AMOUNT)
      .describe("Units of this choice per product unit (leave unpicked choices out)"),
    id: ignoredEcho("BasketChoice.id (string)", "the line's choices get their own ids"),
    name: ignoredEcho("BasketChoice.name (string)", "the answer names the choice in the requested language"),
    price: ignoredEcho("BasketChoice.price (DKK number)", clientPrice),
  })
  .describe("A picked option. choiceId, modifierId and amount are used; id, name and price are ignored.")
  .meta({ id: "BasketChoiceRequest" });
export type BasketChoiceRequest = z.infer<typeof BasketChoiceRequest>;

/**
 * The fields of a BasketItem the server never reads from a request: sent back from an answer (a basket
 * line, or a line sent as `items` to the pickup-slot and discount calls) they are ignored.
 */
export const basketItemEchoFields = {
  id: ignoredEcho("BasketItem.id (string)", "the path's itemId names the line"),
  name: ignoredEcho("BasketItem.name (string)", "the answer names the product in the requested language"),
  price: ignoredEcho("BasketItem.price (DKK number)", clientPrice),
  productPrice: ignoredEcho("BasketItem.productPrice (DKK number)", clientPrice),
  imageUrl: ignoredEcho("BasketItem.imageUrl (string)", "the answer carries the product's image"),
  totalPrice: ignoredEcho("BasketItem.totalPrice (DKK number)", clientPrice),
  previousPrice: ignoredEcho("BasketItem.previousPrice (DKK number)", clientPrice),
  editingIsDisabled: ignoredEcho(
    "BasketItem.editingIsDisabled (boolean)",
    "the server decides which line is the locked bag fee",
  ),
};

const basketItemFields = {
  productId: BodyIntId.describe("The product (Product.id) of the basket's restaurant"),
  amount: LineAmount,
  ...basketItemEchoFields,
};

export const AddBasketItem = z
  .object({
    ...basketItemFields,
    choices: z
      .array(BasketChoiceRequest)
      .max(MAX_CHOICES_PER_LINE)
      .default([])
      .describe("The picked options (BasketChoice as answered, or just { choiceId, modifierId, amount })"),
  })
  .describe(
    "A product to add: SPEC §7 { amount, productId, price, productPrice, imageUrl, choices }, or a whole BasketItem " +
      "as answered. The same product with the same choices already in the basket is merged into that line " +
      `(amounts summed, at most ${MAX_LINE_AMOUNT}). Names, prices and totals are ignored; unknown fields are dropped.`,
  )
  .meta({ id: "AddBasketItem" });
export type AddBasketItem = z.infer<typeof AddBasketItem>;

export const UpdateBasketItem = z
  .object({
    ...basketItemFields,
    choices: z
      .array(BasketChoiceRequest)
      .max(MAX_CHOICES_PER_LINE)
      .default([])
      .describe("The line's options after the change (the full list, not a difference)"),
  })
  .describe(
    "The full basket item (BasketItem as answered) with the new amount and choices; the line is re-priced by the " +
      "server. productId must stay the line's product. Names, prices and totals are ignored; unknown fields are dropped.",
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
    previousPrice: Dkk.optional().describe(
      "Present only when the restaurant changed a price this line is made of since it was added: the line's unit " +
        "price (`price`) before that change, DKK. The guest is told before paying (issue 45).",
    ),
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

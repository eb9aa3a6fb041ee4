/**
 * Catalogue ("Menu/product") and warehouse calls of SPEC §7. Field names follow SPEC §3; prices are
 * DKK numbers. Menus and categories are read with the module's menuInstanceId; products, labels and
 * the context with its productInstanceId.
 */
import { z } from "zod";
import { BodyIntId, Dkk, IntId, Translations } from "./common";

// ── Requests ───────────────────────────────────────────────────────────────────────────────

export const MenuInstanceQuery = z.object({
  instanceId: IntId.describe("The module's menuInstanceId"),
});
export type MenuInstanceQuery = z.infer<typeof MenuInstanceQuery>;

export const ProductInstanceQuery = z.object({
  instanceId: IntId.describe("The module's productInstanceId"),
});
export type ProductInstanceQuery = z.infer<typeof ProductInstanceQuery>;

export const MenuIdParams = z.object({ menuId: IntId.describe("A menu of the instance") });
export const ProductIdParams = z.object({ id: IntId.describe("The product id") });

export const ContextQuery = z.object({
  instanceId: IntId.optional().describe(
    "Optional: the module's productInstanceId. Omitted: the product instance of the token's production unit that " +
      "holds the asked products (docs/decisions/007-request-leniency.md)",
  ),
});
export type ContextQuery = z.infer<typeof ContextQuery>;

export const ProductionUnitQuery = z.object({
  productionUnitId: IntId.describe("The token's production unit; any other is 404"),
});
export type ProductionUnitQuery = z.infer<typeof ProductionUnitQuery>;

/** Most products one context call may ask for. */
export const MAX_CONTEXT_PRODUCTS = 200;

const ContextProductIds = z
  .array(BodyIntId)
  .min(1)
  .max(MAX_CONTEXT_PRODUCTS)
  .describe(`Product ids of the instance (1–${MAX_CONTEXT_PRODUCTS}; duplicates are ignored)`);

/**
 * The bare array `[1, 2]` as SPEC §7 gives it ("list of product ids"), or `{ "productIds": [1, 2] }`;
 * both mean the same.
 */
export const ContextBody = z
  .union([z.object({ productIds: ContextProductIds }), ContextProductIds])
  .describe('A bare JSON array of ids (SPEC §7), or { "productIds": [ids] } (other keys are dropped)')
  .meta({ id: "ContextRequest" });
export type ContextBody = z.infer<typeof ContextBody>;

/** The product ids of a context body, whichever form it came in, without duplicates. */
export function contextProductIds(body: ContextBody): number[] {
  return [...new Set(Array.isArray(body) ? body : body.productIds)];
}

// ── Responses ──────────────────────────────────────────────────────────────────────────────

export const Menu = z
  .object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
  })
  .meta({ id: "Menu" });
export type Menu = z.infer<typeof Menu>;

export const CategoryProduct = z
  .object({
    productId: z.number().int(),
    sortOrder: z.number().int().describe("Display order within the category, ascending"),
  })
  .meta({ id: "CategoryProduct" });

export const Category = z
  .object({
    id: z.number().int(),
    name: Translations,
    description: Translations,
    internalName: z.string().describe("Internal key, e.g. 'frokostkategori' for the lunch category"),
    imageUrl: z.string(),
    sortOrder: z.number().int().describe("Display order within the menu, ascending"),
    products: z.array(CategoryProduct).describe("The category's products in display order"),
  })
  .meta({ id: "Category" });
export type Category = z.infer<typeof Category>;

export const ProductPriceDaily = z
  .object({
    price: Dkk.describe("Weekday sale price in DKK"),
    startDayOfWeek: z.number().int().min(1).max(7).describe("First ISO weekday of the sale (1 = Monday)"),
    endDayOfWeek: z
      .number()
      .int()
      .min(1)
      .max(7)
      .describe("Last ISO weekday of the sale (7 = Sunday); the range may wrap past Sunday"),
  })
  .meta({ id: "ProductPriceDaily" });
export type ProductPriceDaily = z.infer<typeof ProductPriceDaily>;

/** A choice as it appears in one option group (modifier). */
export const ModifierChoice = z
  .object({
    choiceId: z.number().int(),
    name: Translations,
    defaultPrice: Dkk.describe("The choice's own price in DKK"),
    overwritePrice: Dkk.nullable().describe("Price in DKK that replaces defaultPrice in this group; null = none"),
    price: Dkk.describe("Effective price of one unit in this group in DKK: overwritePrice ?? defaultPrice"),
    freeAmount: z.number().int().describe("Units of this choice free per product unit"),
    defaultChoiceAmount: z.number().int().describe("Units pre-selected when the option panel opens"),
  })
  .meta({ id: "ModifierChoice" });
export type ModifierChoice = z.infer<typeof ModifierChoice>;

/** An option group with its choices (context). */
export const Modifier = z
  .object({
    id: z.number().int(),
    modifierId: z.number().int().describe("Same as id"),
    name: Translations,
    choices: z.array(ModifierChoice).describe("In display order"),
  })
  .meta({ id: "Modifier" });
export type Modifier = z.infer<typeof Modifier>;

/** An option group as configured on one product. */
export const ProductModifier = Modifier.extend({
  maxChoices: z.number().int().describe("Most units (counting amounts) the guest may pick in this group"),
  choicesIncluded: z
    .number()
    .int()
    .describe("Units included in the product price; the guest must pick at least this many"),
}).meta({ id: "ProductModifier" });
export type ProductModifier = z.infer<typeof ProductModifier>;

export const Product = z
  .object({
    id: z.number().int(),
    productId: z.number().int().describe("Same as id"),
    name: Translations,
    subtitle: Translations,
    description: Translations,
    price: Dkk.describe("Today's price in DKK: the weekday sale price when it applies today, else the regular price"),
    originalPrice: Dkk.nullable().describe(
      "Struck-through price in DKK: the regular price while a weekday sale applies, else the product's before-price if it has one, else null",
    ),
    unitPrice: Dkk.describe("Price of one unit today in DKK (= price)"),
    productPriceDaily: ProductPriceDaily.nullable().describe("The weekday sale, if the product has one"),
    labelIds: z.array(z.number().int()),
    modifiers: z.array(ProductModifier).describe("Option groups in display order"),
    internalName: z.string(),
    imageUrl: z.string(),
    isGiftcard: z.boolean(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof Product>;

export const Choice = z
  .object({
    id: z.number().int(),
    name: Translations,
    defaultPrice: Dkk.describe("The choice's own price in DKK (a group may overwrite it)"),
  })
  .meta({ id: "Choice" });
export type Choice = z.infer<typeof Choice>;

export const Label = z
  .object({
    id: z.number().int(),
    name: Translations,
    description: Translations,
    icon: z.string(),
    colour: z.string().describe("CSS colour, e.g. #3a8d3f"),
  })
  .meta({ id: "Label" });
export type Label = z.infer<typeof Label>;

export const Context = z
  .object({
    products: z.array(Product).describe("The requested products, in the order asked"),
    choices: z.array(Choice).describe("Every choice used by those products' option groups"),
    modifiers: z.array(Modifier).describe("Every option group of those products"),
  })
  .meta({ id: "Context" });
export type Context = z.infer<typeof Context>;

export const BlockedProduct = z
  .object({ productId: z.number().int().describe("Sold out at this production unit") })
  .meta({ id: "BlockedProduct" });
export type BlockedProduct = z.infer<typeof BlockedProduct>;

export const BlockedChoice = z
  .object({ choiceId: z.number().int().describe("Sold out at this production unit") })
  .meta({ id: "BlockedChoice" });
export type BlockedChoice = z.infer<typeof BlockedChoice>;

/**
 * The menu editor of the back office (issue 45): menus, categories, products, modifiers (option groups),
 * choices and labels of one restaurant, under /api/admin/restaurants/{restaurantId}/menu-editor (manager and
 * owner). Unlike the storefront's DKK numbers, the editor carries money as integer øre (`…Minor`): what is
 * typed is what is stored, with no rounding on the way. Every save of an existing row sends the `version` it was
 * based on; a stale one is 409 EditConflict and writes nothing. A refused field is 400 with its dotted path in
 * this body (`name.da-DK`, `productPriceDaily.startDayOfWeek`) and a code the back office translates.
 */
import { z } from "zod";
import { isSingleLine } from "./common";
import { EditedBy, EditVersion } from "./editing";

// ── Building blocks ────────────────────────────────────────────────────────────────────────

/** Integer øre (1 DKK = 100 øre), never negative; at most 1,000,000 DKK. */
export const MinorAmount = z
  .number({ message: "Menu.InvalidPrice" })
  .int("Menu.InvalidPrice")
  .min(0, "Menu.InvalidPrice")
  .max(100_000_000, "Menu.InvalidPrice")
  .describe("Amount in øre (integer, 100 øre = 1 DKK)");

const EditorId = z.number().int().positive().max(2_147_483_647);

/** Text per language as the editor edits it: both languages, each may be empty (trimmed). */
const languageText = (max: number) => z.string().trim().max(max, "Menu.TextTooLong").default("");
const texts = (max: number) =>
  z
    .object({ "da-DK": languageText(max), "en-US": languageText(max) })
    .default({ "da-DK": "", "en-US": "" })
    .describe("Text by language (da-DK, en-US); a language left out is empty");

/** One line in each language (common.ts, SingleLineText): a name shows as one line on the menu. */
const nameText = (max: number) => languageText(max).refine(isSingleLine, "Input.SingleLine");

/** A name needs a text in at least one language; it is reported on da-DK, the default language. */
const names = (max: number) =>
  z
    .object({ "da-DK": nameText(max), "en-US": nameText(max) })
    .default({ "da-DK": "", "en-US": "" })
    .describe("Text by language (da-DK, en-US); a language left out is empty")
    .refine((name) => name["da-DK"] !== "" || name["en-US"] !== "", {
      message: "Menu.NameRequired",
      path: ["da-DK"],
    });

export const EditorTexts = texts(2000);
export type EditorTexts = z.infer<typeof EditorTexts>;
export const EditorName = names(120);
export type EditorName = z.infer<typeof EditorName>;

/**
 * An image reference: empty (no image), an uploaded image (/api/menu-images/…), one of the pictures the storefront
 * ships with (/images/…, what the demo menus use) or an https URL. Uploading is its own call; the editor stores
 * only the URL it answered. Nothing else (no javascript:, data: or http:) reaches a guest's page.
 */
export const MenuImageUrl = z
  .string()
  .trim()
  .max(2000, "Menu.InvalidImageUrl")
  .refine((url) => url === "" || /^(\/api\/menu-images\/|\/images\/|https:\/\/)[^\s"'<>\\]+$/.test(url), {
    message: "Menu.InvalidImageUrl",
  })
  .default("");

export const IsoWeekday = z
  .number({ message: "Menu.InvalidWeekday" })
  .int("Menu.InvalidWeekday")
  .min(1, "Menu.InvalidWeekday")
  .max(7, "Menu.InvalidWeekday")
  .describe("ISO weekday, 1 = Monday … 7 = Sunday");

/** SPEC §3 productPriceDaily: a sale price from startDayOfWeek to endDayOfWeek (may wrap past Sunday). */
export const EditorPriceDaily = z.object({
  priceMinor: MinorAmount,
  startDayOfWeek: IsoWeekday,
  endDayOfWeek: IsoWeekday,
});
export type EditorPriceDaily = z.infer<typeof EditorPriceDaily>;

/** A count of choices in an option group (maxChoices, choicesIncluded, freeAmount, defaultChoiceAmount). */
export const ChoiceCount = z
  .number({ message: "Menu.InvalidCount" })
  .int("Menu.InvalidCount")
  .min(0, "Menu.InvalidCount")
  .max(99, "Menu.InvalidCount");

export const SortOrder = z.number().int().min(0).max(100_000).describe("Display order, ascending");

/** #rrggbb */
export const LabelColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: "Input.InvalidColour" });

/** Version, last save and archiving of every row the editor edits. */
const Edited = EditedBy.extend({
  archivedAt: z.string().nullable().describe("ISO time it was archived (kept for baskets and orders), else null"),
});

// ── The read: GET …/menu-editor ────────────────────────────────────────────────────────────

export const MenuEditorQuery = z.object({
  archived: z
    .enum(["true", "false"])
    .default("false")
    .describe("true: also the archived rows (each with archivedAt); default: only live rows"),
});
export type MenuEditorQuery = z.infer<typeof MenuEditorQuery>;

export const EditorCategory = Edited.extend({
  id: z.number().int(),
  menuId: z.number().int(),
  name: EditorTexts,
  description: EditorTexts,
  internalName: z.string().describe("Internal key; 'frokostkategori' makes it the lunch category (SPEC §5)"),
  imageUrl: z.string(),
  sortOrder: z.number().int(),
  productIds: z.array(z.number().int()).describe("The category's products in display order"),
}).meta({ id: "EditorCategory" });
export type EditorCategory = z.infer<typeof EditorCategory>;

export const EditorMenu = Edited.extend({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  categories: z.array(EditorCategory).describe("In display order"),
}).meta({ id: "EditorMenu" });
export type EditorMenu = z.infer<typeof EditorMenu>;

/** An option group as set on one product. */
export const EditorProductModifier = z.object({
  modifierId: z.number().int(),
  maxChoices: z.number().int(),
  choicesIncluded: z.number().int(),
  sortOrder: z.number().int(),
});
export type EditorProductModifier = z.infer<typeof EditorProductModifier>;

export const EditorProduct = Edited.extend({
  id: z.number().int(),
  name: EditorTexts,
  subtitle: EditorTexts,
  description: EditorTexts,
  internalName: z.string(),
  priceMinor: z.number().int(),
  originalPriceMinor: z.number().int().nullable(),
  productPriceDaily: EditorPriceDaily.nullable(),
  labelIds: z.array(z.number().int()),
  imageUrl: z.string(),
  isGiftcard: z.boolean(),
  isVisible: z.boolean(),
  categoryIds: z.array(z.number().int()),
  modifiers: z.array(EditorProductModifier).describe("In display order"),
}).meta({ id: "EditorProduct" });
export type EditorProduct = z.infer<typeof EditorProduct>;

/** A choice as placed in one option group. */
export const EditorModifierChoice = z.object({
  choiceId: z.number().int(),
  freeAmount: z.number().int(),
  defaultChoiceAmount: z.number().int(),
  overwritePriceMinor: z.number().int().nullable(),
  sortOrder: z.number().int(),
});
export type EditorModifierChoice = z.infer<typeof EditorModifierChoice>;

export const EditorModifier = Edited.extend({
  id: z.number().int(),
  name: EditorTexts,
  internalName: z.string(),
  choices: z.array(EditorModifierChoice).describe("In display order"),
}).meta({ id: "EditorModifier" });
export type EditorModifier = z.infer<typeof EditorModifier>;

export const EditorChoice = Edited.extend({
  id: z.number().int(),
  name: EditorTexts,
  defaultPriceMinor: z.number().int(),
}).meta({ id: "EditorChoice" });
export type EditorChoice = z.infer<typeof EditorChoice>;

export const EditorLabel = Edited.extend({
  id: z.number().int(),
  name: EditorTexts,
  description: EditorTexts,
  icon: z.string(),
  colour: z.string(),
}).meta({ id: "EditorLabel" });
export type EditorLabel = z.infer<typeof EditorLabel>;

/** The whole editable catalogue of the restaurant's module. */
export const MenuEditor = z
  .object({
    restaurantId: z.number().int(),
    menus: z.array(EditorMenu),
    products: z.array(EditorProduct).describe("Sorted by Danish name"),
    modifiers: z.array(EditorModifier),
    choices: z.array(EditorChoice),
    labels: z.array(EditorLabel),
  })
  .meta({ id: "MenuEditor" });
export type MenuEditor = z.infer<typeof MenuEditor>;

// ── Saves ──────────────────────────────────────────────────────────────────────────────────
// POST creates (201, no version); PUT updates (sends `version`; 409 EditConflict when stale); DELETE deletes, or
// archives what open baskets or past orders still name (DeleteResult says which). Each answers the row as saved.

const withVersion = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, version: EditVersion });

export const MenuInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Menu.NameRequired")
    .max(120, "Menu.TextTooLong")
    .refine(isSingleLine, "Input.SingleLine"),
});
export type MenuInput = z.infer<typeof MenuInput>;
export const MenuUpdate = withVersion(MenuInput.shape);
export type MenuUpdate = z.infer<typeof MenuUpdate>;
/** POST …/menus/{menuId}/activate: this menu becomes the one the storefront shows; the others are set inactive. */
export const MenuActivate = z.object({ version: EditVersion });
export type MenuActivate = z.infer<typeof MenuActivate>;

export const CategoryInput = z.object({
  name: EditorName,
  description: EditorTexts,
  internalName: z.string().trim().max(120, "Menu.TextTooLong").default(""),
  imageUrl: MenuImageUrl,
  productIds: z.array(EditorId).max(500).default([]).describe("The category's products in display order"),
});
export type CategoryInput = z.infer<typeof CategoryInput>;
export const CategoryUpdate = withVersion(CategoryInput.shape);
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;
/** PUT …/menus/{menuId}/category-order: every live category of the menu, once, in the new order. */
export const CategoryOrder = z.object({ categoryIds: z.array(EditorId).max(500) });
export type CategoryOrder = z.infer<typeof CategoryOrder>;

export const ProductInput = z.object({
  name: EditorName,
  subtitle: texts(200),
  description: EditorTexts,
  internalName: z.string().trim().max(120, "Menu.TextTooLong").default(""),
  priceMinor: MinorAmount,
  originalPriceMinor: MinorAmount.nullable().default(null).describe("Before-price shown struck through, or null"),
  productPriceDaily: EditorPriceDaily.nullable().default(null),
  labelIds: z.array(EditorId).max(50).default([]),
  imageUrl: MenuImageUrl,
  isGiftcard: z.boolean().default(false),
  isVisible: z.boolean().default(true),
  categoryIds: z
    .array(EditorId)
    .max(100)
    .default([])
    .describe("Categories it is in; added at the end of a category it was not in"),
});
export type ProductInput = z.infer<typeof ProductInput>;
export const ProductUpdate = withVersion(ProductInput.shape);
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/**
 * PUT …/products/{productId}/modifiers/{modifierId}: attach an option group to a product, or change its settings
 * there. An edit of the product: `version` is the product's, and the product's version moves on.
 */
export const ProductModifierInput = z.object({
  version: EditVersion.describe("The product's version"),
  maxChoices: ChoiceCount,
  choicesIncluded: ChoiceCount,
  sortOrder: SortOrder.optional().describe("Default: after the product's other groups"),
});
export type ProductModifierInput = z.infer<typeof ProductModifierInput>;
/**
 * PUT …/products/{productId}/modifier-order: every option group on the product, once, in the new order, in one
 * save (a move is one edit of the product, never half made).
 */
export const ModifierOrder = z.object({
  version: EditVersion.describe("The product's version"),
  modifierIds: z.array(EditorId).max(500),
});
export type ModifierOrder = z.infer<typeof ModifierOrder>;

export const ModifierInput = z.object({
  name: EditorName,
  internalName: z.string().trim().max(120, "Menu.TextTooLong").default(""),
});
export type ModifierInput = z.infer<typeof ModifierInput>;
export const ModifierUpdate = withVersion(ModifierInput.shape);
export type ModifierUpdate = z.infer<typeof ModifierUpdate>;

/**
 * PUT …/modifiers/{modifierId}/choices/{choiceId}: place a choice in an option group, or change its settings
 * there. An edit of the group: `version` is the modifier's.
 */
export const ModifierChoiceInput = z.object({
  version: EditVersion.describe("The modifier's version"),
  freeAmount: ChoiceCount.default(0),
  defaultChoiceAmount: ChoiceCount.default(0),
  overwritePriceMinor: MinorAmount.nullable()
    .default(null)
    .describe("Replaces defaultPrice in this group; null = none"),
  sortOrder: SortOrder.optional().describe("Default: after the group's other choices"),
});
export type ModifierChoiceInput = z.infer<typeof ModifierChoiceInput>;
/**
 * PUT …/modifiers/{modifierId}/choice-order: every choice placed in the group, once, in the new order, in one save
 * (a move is one edit of the group, never half made).
 */
export const ChoiceOrder = z.object({
  version: EditVersion.describe("The modifier's version"),
  choiceIds: z.array(EditorId).max(500),
});
export type ChoiceOrder = z.infer<typeof ChoiceOrder>;

export const ChoiceInput = z.object({ name: EditorName, defaultPriceMinor: MinorAmount.default(0) });
export type ChoiceInput = z.infer<typeof ChoiceInput>;
export const ChoiceUpdate = withVersion(ChoiceInput.shape);
export type ChoiceUpdate = z.infer<typeof ChoiceUpdate>;

export const LabelInput = z.object({
  name: EditorName,
  description: EditorTexts,
  icon: z.string().trim().max(200, "Menu.TextTooLong").default(""),
  colour: LabelColour,
});
export type LabelInput = z.infer<typeof LabelInput>;
export const LabelUpdate = withVersion(LabelInput.shape);
export type LabelUpdate = z.infer<typeof LabelUpdate>;

/**
 * DELETE of any row (and of a product's group or a group's choice: `version` is then the product's/modifier's).
 * `version` given: refused with 409 when the row changed since.
 */
export const DeleteQuery = z.object({ version: z.coerce.number().int().positive().optional() });
export type DeleteQuery = z.infer<typeof DeleteQuery>;

/** archived: open baskets or past orders still name it, so it is kept but no longer offered. */
export const DeleteResult = z
  .object({ result: z.enum(["deleted", "archived"]), id: z.number().int() })
  .meta({ id: "MenuDeleteResult" });
export type DeleteResult = z.infer<typeof DeleteResult>;

// ── Paths ──────────────────────────────────────────────────────────────────────────────────

export const MenuEditorParams = z.object({ restaurantId: z.coerce.number().int().positive() });
const id = z.coerce.number().int().positive().max(2_147_483_647);
export const EditorMenuParams = MenuEditorParams.extend({ menuId: id });
export const EditorCategoryParams = MenuEditorParams.extend({ categoryId: id });
export const EditorProductParams = MenuEditorParams.extend({ productId: id });
export const EditorProductModifierParams = MenuEditorParams.extend({ productId: id, modifierId: id });
export const EditorModifierParams = MenuEditorParams.extend({ modifierId: id });
export const EditorModifierChoiceParams = MenuEditorParams.extend({ modifierId: id, choiceId: id });
export const EditorChoiceParams = MenuEditorParams.extend({ choiceId: id });
export const EditorLabelParams = MenuEditorParams.extend({ labelId: id });

/**
 * Every route, relative to /api/admin (for the back office's client and the route matrix):
 * GET    /restaurants/{restaurantId}/menu-editor                                  → MenuEditor
 * POST   /restaurants/{restaurantId}/menu-editor/menus                            MenuInput → 201 EditorMenu
 * PUT    /restaurants/{restaurantId}/menu-editor/menus/{menuId}                   MenuUpdate → EditorMenu
 * POST   /restaurants/{restaurantId}/menu-editor/menus/{menuId}/activate          MenuActivate → EditorMenu
 * DELETE /restaurants/{restaurantId}/menu-editor/menus/{menuId}                   → DeleteResult
 * PUT    /restaurants/{restaurantId}/menu-editor/menus/{menuId}/category-order    CategoryOrder → EditorMenu
 * POST   /restaurants/{restaurantId}/menu-editor/menus/{menuId}/categories        CategoryInput → 201 EditorCategory
 * PUT    /restaurants/{restaurantId}/menu-editor/categories/{categoryId}          CategoryUpdate → EditorCategory
 * DELETE /restaurants/{restaurantId}/menu-editor/categories/{categoryId}          → DeleteResult
 * POST   /restaurants/{restaurantId}/menu-editor/products                         ProductInput → 201 EditorProduct
 * PUT    /restaurants/{restaurantId}/menu-editor/products/{productId}             ProductUpdate → EditorProduct
 * DELETE /restaurants/{restaurantId}/menu-editor/products/{productId}             → DeleteResult
 * PUT    /restaurants/{restaurantId}/menu-editor/products/{productId}/modifiers/{modifierId}
 *                                                                                 ProductModifierInput → EditorProduct
 * DELETE /restaurants/{restaurantId}/menu-editor/products/{productId}/modifiers/{modifierId} → EditorProduct
 * PUT    /restaurants/{restaurantId}/menu-editor/products/{productId}/modifier-order ModifierOrder → EditorProduct
 * POST   /restaurants/{restaurantId}/menu-editor/modifiers                        ModifierInput → 201 EditorModifier
 * PUT    /restaurants/{restaurantId}/menu-editor/modifiers/{modifierId}           ModifierUpdate → EditorModifier
 * DELETE /restaurants/{restaurantId}/menu-editor/modifiers/{modifierId}           → DeleteResult
 * PUT    /restaurants/{restaurantId}/menu-editor/modifiers/{modifierId}/choices/{choiceId}
 *                                                                                 ModifierChoiceInput → EditorModifier
 * DELETE /restaurants/{restaurantId}/menu-editor/modifiers/{modifierId}/choices/{choiceId} → EditorModifier
 * PUT    /restaurants/{restaurantId}/menu-editor/modifiers/{modifierId}/choice-order ChoiceOrder → EditorModifier
 * POST   /restaurants/{restaurantId}/menu-editor/choices                          ChoiceInput → 201 EditorChoice
 * PUT    /restaurants/{restaurantId}/menu-editor/choices/{choiceId}               ChoiceUpdate → EditorChoice
 * DELETE /restaurants/{restaurantId}/menu-editor/choices/{choiceId}               → DeleteResult
 * POST   /restaurants/{restaurantId}/menu-editor/labels                           LabelInput → 201 EditorLabel
 * PUT    /restaurants/{restaurantId}/menu-editor/labels/{labelId}                 LabelUpdate → EditorLabel
 * DELETE /restaurants/{restaurantId}/menu-editor/labels/{labelId}                 → DeleteResult
 * Errors: 400 ErrorBody (field = dotted path, code Menu.* / Input.*), 403 (staff), 404 (other restaurant or an
 * id not in this restaurant's catalogue), 409 EditConflict (stale version).
 */
export const MENU_EDITOR_PATH = "/restaurants/:restaurantId/menu-editor";

/**
 * The back office's discount codes and gift cards (issue 45, point 5), manager and owner. Amounts are DKK
 * numbers as everywhere at the edge; dates are the restaurant's local calendar dates: a code is valid from the
 * start of `validFrom` to the end of `validUntil` on the restaurant's clock, whatever the daylight-saving time.
 * The form and the server check with these same schemas; a refused field's message is a message key
 * ("Codes.PercentRange") the back office words in the user's language.
 */
import { z } from "zod";
import { BodyIntId, Dkk, IntId, LanguageCode, LocalDate } from "./common";
import { EditedBy, EditVersion } from "./editing";

/** Letters, digits, - and _: what a guest can type on a phone keyboard and read aloud. Stored upper-case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
/** A code may be limited to at most this many products and categories. */
export const DISCOUNT_LIMIT_IDS = 500;
/** The largest amount a gift card or discount can be issued with, DKK: a typo of three zeros is refused. */
export const CODES_MAX_DKK = 100_000;

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** DKK; a number the form could not read (NaN) gets the same message as a wrong one. */
const Money = (message: string) =>
  z.number({ error: message }).min(0, message).max(CODES_MAX_DKK, message).refine(hasAtMostTwoDecimals, message);

export const DiscountKind = z.enum(["percentage", "amount"]);

/** Create and update share these fields; the update adds the version it was based on. */
const DiscountCodeFields = z.object({
  code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, "Codes.CodeFormat"),
  kind: DiscountKind,
  /** Percentage: whole percent 1–100. Amount: DKK off the basket. */
  value: z.number({ error: "Codes.Value" }).positive("Codes.ValuePositive"),
  minimumBasket: Money("Codes.Money").default(0).describe("The food must reach this, DKK; 0 = no minimum"),
  productIds: z
    .array(BodyIntId)
    .max(DISCOUNT_LIMIT_IDS)
    .default([])
    .describe("Products the code applies to; with categoryIds, either. Both empty: the whole basket"),
  categoryIds: z
    .array(BodyIntId)
    .max(DISCOUNT_LIMIT_IDS)
    .default([])
    .describe("Categories whose products (at the time the guest applies the code) the code applies to"),
  validFrom: LocalDate.nullable().default(null).describe("First valid day (restaurant's local date), null = always"),
  validUntil: LocalDate.nullable().default(null).describe("Last valid day, inclusive; null = no end"),
  usageLimit: z
    .number({ error: "Codes.UsageLimit" })
    .int("Codes.UsageLimit")
    .positive("Codes.UsageLimit")
    .max(1_000_000, "Codes.UsageLimit")
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
});

type DiscountFieldsShape = z.infer<typeof DiscountCodeFields>;

/** Rules across fields, on the field that is wrong. */
function refineDiscount(input: DiscountFieldsShape, context: z.RefinementCtx) {
  if (input.kind === "percentage" && (!Number.isInteger(input.value) || input.value > 100)) {
    context.addIssue({ code: "custom", path: ["value"], message: "Codes.PercentRange" });
  }
  if (input.kind === "amount" && (!hasAtMostTwoDecimals(input.value) || input.value > CODES_MAX_DKK)) {
    context.addIssue({ code: "custom", path: ["value"], message: "Codes.Money" });
  }
  if (input.validFrom && input.validUntil && input.validUntil < input.validFrom) {
    context.addIssue({ code: "custom", path: ["validUntil"], message: "Codes.UntilBeforeFrom" });
  }
}

export const CreateDiscountCode = DiscountCodeFields.superRefine(refineDiscount);
export type CreateDiscountCode = z.infer<typeof CreateDiscountCode>;

export const UpdateDiscountCode = DiscountCodeFields.extend({ version: EditVersion }).superRefine(refineDiscount);
export type UpdateDiscountCode = z.infer<typeof UpdateDiscountCode>;

export const DiscountCodeView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: DiscountKind,
    value: z.number(),
    minimumBasket: Dkk,
    productIds: z.array(z.number().int()),
    categoryIds: z.array(z.number().int()),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    /** Uses so far: paid orders, and payments under way that hold one. */
    usageCount: z.number().int(),
    isActive: z.boolean(),
    edit: EditedBy,
  })
  .meta({ id: "AdminDiscountCode" });
export type DiscountCodeView = z.infer<typeof DiscountCodeView>;

export const DiscountCodeList = z
  .object({ codes: z.array(DiscountCodeView), timeZone: z.string() })
  .meta({ id: "AdminDiscountCodeList" });
export type DiscountCodeList = z.infer<typeof DiscountCodeList>;

export const DiscountCodeParams = z.object({
  restaurantId: z.coerce.number().int().positive(),
  /** A row id (int4): a larger one is a 400 here, not the database's "out of range" (a 500). */
  codeId: IntId,
});

/** Switch a code or a card on or off; `version` as for every save. */
export const SetActive = z.object({ isActive: z.boolean(), version: EditVersion });
export type SetActive = z.infer<typeof SetActive>;

export const VersionQuery = z.object({ version: z.coerce.number().int().positive() });

/** A code already used on an order, or applied to an open checkout, is deactivated instead of deleted. */
export const DeletedDiscountCode = z
  .object({ outcome: z.enum(["deleted", "deactivated"]), code: DiscountCodeView.nullable() })
  .meta({ id: "AdminDeletedDiscountCode" });
export type DeletedDiscountCode = z.infer<typeof DeletedDiscountCode>;

/** The restaurant's categories and products by name, to limit a code to some of them. */
export const CodeCatalogue = z
  .object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .meta({ id: "AdminCodeCatalogue" });
export type CodeCatalogue = z.infer<typeof CodeCatalogue>;
export const CodeCatalogueQuery = z.object({ language: LanguageCode.default("da-DK") });

// ── Gift cards ──────────────────────────────────────────────────────────────────────────────

/** 16 characters of this alphabet (no 0/O, 1/I/L, 5/S, 2/Z, 8/B: easy to read aloud and type), in groups of 4. */
export const GIFTCARD_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const GIFTCARD_CODE_LENGTH = 16;

export const IssueGiftcard = z.object({
  amount: Money("Codes.Money").refine((amount) => amount > 0, "Codes.ValuePositive"),
  validUntil: LocalDate.nullable().default(null).describe("Last valid day (restaurant's local date); null = no end"),
});
export type IssueGiftcard = z.infer<typeof IssueGiftcard>;

export const GiftcardView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    balance: Dkk,
    initialAmount: Dkk,
    validUntil: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: z.string(),
    edit: EditedBy,
  })
  .meta({ id: "AdminGiftcard" });
export type GiftcardView = z.infer<typeof GiftcardView>;

export const GiftcardList = z
  .object({ giftcards: z.array(GiftcardView), timeZone: z.string() })
  .meta({ id: "AdminGiftcardList" });
export type GiftcardList = z.infer<typeof GiftcardList>;
export const GiftcardListQuery = z.object({
  search: z.string().trim().max(64).optional().describe("Part of the code, any case, spaces and dashes ignored"),
});

export const GiftcardParams = z.object({
  restaurantId: z.coerce.number().int().positive(),
  /** A row id (int4): a larger one is a 400 here, not the database's "out of range" (a 500). */
  giftcardId: IntId,
});

export const GiftcardLedgerKind = z.enum(["issued", "spent", "returned", "refunded", "adjusted"]);
export const GiftcardLedgerEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: GiftcardLedgerKind,
  /** Negative when spent. */
  amount: Dkk,
  receiptNumber: z.number().int().nullable(),
  /** The staff member who issued, refunded or adjusted; null for a guest's payment. */
  by: z.string().nullable(),
});
export type GiftcardLedgerEntry = z.infer<typeof GiftcardLedgerEntry>;

export const GiftcardDetail = z
  .object({ giftcard: GiftcardView, ledger: z.array(GiftcardLedgerEntry) })
  .meta({ id: "AdminGiftcardDetail" });
export type GiftcardDetail = z.infer<typeof GiftcardDetail>;

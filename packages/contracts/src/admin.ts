/**
 * The back office's API (/api/admin/*): staff sign-in, accounts and roles, restaurants and their settings,
 * the audit log. The back office's forms validate with these same schemas before they send; the server
 * validates again and answers a refused field with ErrorBody's `field` (the field's dotted path).
 */
import { z } from "zod";
import { LanguageCode, LocalDate, SingleLineText, Translations } from "./common";
import { EditVersion } from "./editing";
import { AppSettings } from "./settings";
import { TermsSection } from "./terms";

export const StaffRole = z.enum(["owner", "manager", "staff"]);
export type StaffRole = z.infer<typeof StaffRole>;

/** An email address as typed: trimmed and lower-cased before it is compared or stored. */
export const StaffEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "Input.InvalidEmail" }));

/** OWASP ASVS 5.0 6.2: at least 12 characters, no upper limit below 64; the server also refuses common passwords. */
export const MIN_PASSWORD_LENGTH = 12;
export const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: "Input.PasswordTooShort" })
  .max(256, { message: "Input.PasswordTooLong" });

/** POST /api/admin/session. Any non-empty password is checked (a short one simply is wrong). */
export const SignInRequest = z.object({ email: StaffEmail, password: z.string().min(1).max(256) });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const Membership = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  role: StaffRole,
  /** The restaurants the membership covers: every restaurant of the organisation for an owner. */
  productionUnitIds: z.array(z.number().int()),
});
export type Membership = z.infer<typeof Membership>;

/** GET /api/admin/me (and the answer to a sign-in). */
export const Me = z
  .object({
    account: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
    memberships: z.array(Membership),
    /** Send as the X-CSRF-Token header on every state-changing /api/admin request of this session. */
    csrfToken: z.string(),
  })
  .meta({ id: "AdminMe" });
export type Me = z.infer<typeof Me>;

/** DELETE /api/admin/session?everywhere=true signs out every browser of the account. */
export const SignOutQuery = z.object({ everywhere: z.enum(["true", "false"]).optional() });

/** POST /api/admin/password-reset: always 202, whether or not the address has an account. */
export const PasswordResetRequest = z.object({ email: StaffEmail });

/** POST /api/admin/links/{token}: set a password through an invite, reset or setup link (single use). */
export const UseLinkRequest = z.object({ password: NewPassword, name: SingleLineText(120).optional() });
/** GET /api/admin/links/{token}: what the link is for, before the member chooses a password. */
export const LinkInfo = z.object({
  /** join: an existing account's invitation to an organisation, accepted without a password. */
  purpose: z.enum(["invite", "reset", "setup", "join"]),
  email: z.string(),
  name: z.string(),
  organisationName: z.string().nullable(),
  /** The role a join link offers (only on a join link). */
  role: StaffRole.optional(),
});
export type LinkInfo = z.infer<typeof LinkInfo>;

/** A member of an organisation as owners and managers see them. */
export const StaffMember = z.object({
  accountId: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  productionUnitIds: z.array(z.number().int()),
  disabled: z.boolean(),
  /** false until they have chosen a password through their invite. */
  active: z.boolean(),
  /**
   * Invited, not accepted yet: no access. name is then the name the inviter typed, and active and disabled are false
   * (nothing of the account itself shows before the person accepts).
   */
  invitationPending: z.boolean(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.object({ members: z.array(StaffMember) }).meta({ id: "AdminStaffList" });

/** POST /api/admin/organisations/{organisationId}/staff: invite by email; they set their own password. */
export const InviteRequest = z.object({
  email: StaffEmail,
  name: SingleLineText(120),
  role: StaffRole,
  /** Required (≥ 1) for manager and staff; ignored for owner. */
  productionUnitIds: z.array(z.number().int().positive()).max(500).default([]),
});
export type InviteRequest = z.infer<typeof InviteRequest>;

/** PATCH /api/admin/organisations/{organisationId}/staff/{accountId} */
export const StaffUpdate = z.object({
  role: StaffRole.optional(),
  productionUnitIds: z.array(z.number().int().positive()).max(500).optional(),
  disabled: z.boolean().optional(),
});

/** A host name the storefront answers on: lower-case letters, digits, dots and dashes, optional :port. */
export const HostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}(:\d{1,5})?$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
    {
      message: "Input.InvalidHost",
    },
  );

/** An IANA time zone the server's Intl knows. */
export const TimeZone = z
  .string()
  .min(1)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "Input.InvalidTimeZone");

/** #rrggbb. The server also refuses a colour whose contrast with white text is below 4.5:1. */
export const BrandColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "Input.InvalidColour" });

/** The restaurant itself: what guests read on the receipt and the storefront, and where it answers. */
export const RestaurantDetails = z.object({
  name: SingleLineText(120),
  address: SingleLineText(300),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { message: "Input.InvalidZipCode" }),
  phone: SingleLineText(40),
  receiptEmail: StaffEmail,
  cvrNumber: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { message: "Input.InvalidCvr" }),
  timeZone: TimeZone.default("Europe/Copenhagen"),
  /** At least one; each unique across the server (409 with field hosts.N otherwise). */
  hosts: z.array(HostName).min(1).max(20),
  defaultLanguage: LanguageCode.default("da-DK"),
});
export type RestaurantDetails = z.infer<typeof RestaurantDetails>;

/**
 * Every app setting of SPEC §3 and the storefront's own, as the back office edits them. The logo is set by
 * uploading (POST …/logo), never typed; the colour is checked for contrast.
 */
export const RestaurantSettings = AppSettings.omit({ logo: true }).extend({
  primaryColor: BrandColour.nullable().default(null),
  terms: z.string().trim().max(2000).nullable().default(null),
  smileyUrl: z
    .url({ protocol: /^https$/ })
    .max(2000)
    .nullable()
    .default(null),
});
export type RestaurantSettings = z.infer<typeof RestaurantSettings>;

/**
 * The restaurant's service (issue 44), never sent to the storefront: how long a new order may wait unopened
 * before the managers are alerted, and the optional auto-reject (null: never). An auto-reject before the
 * alert would reject orders nobody was told about, so it must come later.
 */
export const ServiceSettings = z
  .object({
    acknowledgeMinutes: z
      .number({ message: "Service.AcknowledgeMinutes" })
      .int("Service.AcknowledgeMinutes")
      .min(1, "Service.AcknowledgeMinutes")
      .max(60, "Service.AcknowledgeMinutes")
      .default(3),
    autoRejectMinutes: z
      .number({ message: "Service.AutoRejectMinutes" })
      .int("Service.AutoRejectMinutes")
      .min(2, "Service.AutoRejectMinutes")
      .max(240, "Service.AutoRejectMinutes")
      .nullable()
      .default(null),
  })
  .refine((s) => s.autoRejectMinutes === null || s.autoRejectMinutes > s.acknowledgeMinutes, {
    message: "Service.AutoRejectBeforeAlert",
    path: ["autoRejectMinutes"],
  });
export type ServiceSettings = z.infer<typeof ServiceSettings>;

/** The storefront's terms page text (module_terms) per language. */
export const RestaurantTerms = z.object({
  effectiveFrom: LocalDate,
  /** At most one text per language. */
  texts: z
    .array(z.object({ language: LanguageCode, sections: z.array(TermsSection).max(50) }))
    .max(LanguageCode.options.length)
    .refine((texts) => new Set(texts.map((text) => text.language)).size === texts.length, "Input.DuplicateLanguage"),
});

/**
 * A category or product: its names by language (those it has), so the back office shows the person's language,
 * and the name a manager knows it by where that language has none (the restaurant's default language, else Danish).
 */
export const CatalogueEntry = z.object({ id: z.number().int(), name: z.string(), names: Translations });
export type CatalogueEntry = z.infer<typeof CatalogueEntry>;

/**
 * What the settings that name a category or a product (startCategory, precheckoutCategory, bagFeeItem) can
 * pick from: the active menu's categories in menu order, the products sorted by name. Read only.
 */
export const RestaurantCatalogue = z.object({
  categories: z.array(CatalogueEntry),
  products: z.array(CatalogueEntry),
});
export type RestaurantCatalogue = z.infer<typeof RestaurantCatalogue>;

/** The sections of a restaurant the back office saves, each on its own (PUT /api/admin/restaurants/{id}). */
export const RESTAURANT_SECTIONS = ["details", "settings", "service", "terms", "maintenance"] as const;
export type RestaurantSection = (typeof RESTAURANT_SECTIONS)[number];

/**
 * Each section's version as read (derived from its contents: the same contents, the same version). A save sends
 * back the version of each section it sends; when someone saved that section since, 409 EditConflict.
 */
export const RestaurantVersions = z.object({
  details: EditVersion.describe("Name, address, phone, receipt email, CVR, time zone, host names, default language"),
  settings: EditVersion,
  service: EditVersion,
  terms: EditVersion,
  maintenance: EditVersion,
});
export type RestaurantVersions = z.infer<typeof RestaurantVersions>;

/** A restaurant as the back office shows and edits it. */
export const Restaurant = RestaurantDetails.extend({
  id: z.number().int(),
  organisationId: z.number().int(),
  moduleId: z.number().int(),
  settings: RestaurantSettings,
  service: ServiceSettings,
  /** The uploaded logo's URL (immutable), or null. */
  logo: z.string().nullable(),
  /** The storefront shows its maintenance page for this restaurant while true. */
  maintenance: z.boolean(),
  terms: RestaurantTerms.nullable(),
  catalogue: RestaurantCatalogue,
  versions: RestaurantVersions,
}).meta({ id: "AdminRestaurant" });
export type Restaurant = z.infer<typeof Restaurant>;

export const RestaurantSummary = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  name: z.string(),
  hosts: z.array(z.string()),
  maintenance: z.boolean(),
  /** The restaurant's clock: staff screens show sold-out and pause times in it. */
  timeZone: z.string(),
});
export const RestaurantList = z.object({ restaurants: z.array(RestaurantSummary) }).meta({ id: "AdminRestaurantList" });

/** POST /api/admin/organisations/{organisationId}/restaurants (owner). Answers 201 with the Restaurant. */
export const CreateRestaurantRequest = RestaurantDetails;
export type CreateRestaurantRequest = z.infer<typeof CreateRestaurantRequest>;
/**
 * PUT /api/admin/restaurants/{restaurantId}: each section sent replaces that section whole; sections left out
 * stay as they are. Every section sent needs its version as read in `versions` (else 400 on
 * `versions.<section>`); a section someone saved since is 409 EditConflict and nothing is written. Details
 * need an owner; settings, service, terms and maintenance an owner or a manager of the restaurant. Answers the
 * Restaurant as saved. A refused field is named by its path in this body (`details.hosts.1`, `settings.primaryColor`).
 */
export const UpdateRestaurantRequest = z
  .object({
    details: RestaurantDetails.optional(),
    settings: RestaurantSettings.optional(),
    service: ServiceSettings.optional(),
    terms: RestaurantTerms.nullable().optional(),
    maintenance: z.boolean().optional(),
    versions: RestaurantVersions.partial()
      .default({})
      .describe("The version of each section sent, as read (GET answers them in `versions`)"),
  })
  .superRefine((request, context) => {
    for (const section of RESTAURANT_SECTIONS) {
      if (request[section] !== undefined && request.versions[section] === undefined) {
        context.addIssue({
          code: "custom",
          path: ["versions", section],
          message: "Send this section's version as read",
        });
      }
    }
  });
export type UpdateRestaurantRequest = z.infer<typeof UpdateRestaurantRequest>;

export const OrganisationParams = z.object({ organisationId: z.coerce.number().int().positive() });
export const RestaurantParams = z.object({ restaurantId: z.coerce.number().int().positive() });

/**
 * POST /api/admin/restaurants/{restaurantId}/logo: the image's bytes as the body, sent as
 * application/octet-stream or image/* (owner or manager). Checked by content, whatever the name or type it is
 * sent with: PNG, JPEG or WebP with a readable size (else 400 Input.InvalidImage), at most LOGO_MAX_BYTES (else
 * 413 Input.ImageTooLarge) and LOGO_MAX_PIXELS (else 422 Input.ImageTooManyPixels). Answers the Restaurant with its
 * new `logo` URL. DELETE on the same path removes it.
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/**
 * A logo is served as uploaded and shown a few hundred pixels wide: 4 megapixels (2000 × 2000) is ample, where
 * 8000 × 8000 would cost every guest's phone 256 MB to decode.
 */
export const LOGO_MAX_PIXELS = 4_000_000;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  organisationId: z.number().int(),
  productionUnitId: z.number().int().nullable(),
  restaurantName: z.string().nullable(),
  accountId: z.uuid().nullable(),
  actorName: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
/** GET /api/admin/audit?organisationId=&restaurantId=&accountId=&before= (newest first, 50 a page). */
export const AuditQuery = z.object({
  organisationId: z.coerce.number().int().positive().optional(),
  restaurantId: z.coerce.number().int().positive().optional(),
  accountId: z.uuid().optional(),
  /** The id of the last entry of the previous page. */
  before: z.coerce.number().int().positive().optional(),
});
export const AuditPage = z
  .object({ entries: z.array(AuditEntry), nextBefore: z.number().int().nullable() })
  .meta({ id: "AdminAuditPage" });

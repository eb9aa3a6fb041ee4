import { z } from "zod";
import { LanguageCode } from "./common";

/**
 * The app settings (features) of SPEC §3 with their defaults. The server stores what a module
 * overrides and always answers every name; values travel JSON-encoded as the spec says.
 */
export const AppSettings = z.object({
  terms: z.string().nullable().default(null),
  requiredGuestInformation: z
    .object({ name: z.boolean(), phone: z.boolean(), email: z.boolean() })
    .default({ name: true, phone: true, email: true }),
  enforceCapacity: z.boolean().default(true),
  showExpandedCart: z.boolean().default(true),
  logo: z.string().nullable().default(null),
  orderIdType: z.enum(["external", "receipt"]).default("external"),
  receiptType: z.enum(["email", "sms", "none"]).default("email"),
  deliveryEnabled: z.boolean().default(false),
  showClosedFrontpageMessage: z.boolean().default(false),
  onlinePayment: z.boolean().default(true),
  mobilepay: z.boolean().default(false),
  payAtPickup: z.boolean().default(false),
  startCategory: z.number().int().nullable().default(null),
  precheckoutCategory: z.number().int().nullable().default(null),
  bagFeeItem: z.number().int().nullable().default(null),
  smileyUrl: z.string().nullable().default(null),
  /**
   * Ours, beside the spec's: the restaurant's brand colour as #rrggbb, used for buttons, links and focus
   * rings (the storefront derives readable text and link shades from it). null = our neutral green.
   */
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .default(null),
  /**
   * Ours: whether guests must pass SPEC §2's session login before anything beyond the front page. On by
   * default, as the spec says; a restaurant going live switches it off and every route opens at once.
   */
  requireLogin: z.boolean().default(true),
  /**
   * Ours: whether SPEC §2's pause screen covers the shop after 120 s without input. On by default, as the
   * spec says (a kiosk); a restaurant whose guests order on their own phones switches it off.
   */
  pauseWhenIdle: z.boolean().default(true),
});
export type AppSettings = z.infer<typeof AppSettings>;
export type AppSettingName = keyof AppSettings;
export const APP_SETTING_NAMES = Object.keys(AppSettings.shape) as AppSettingName[];

export const Feature = z.object({
  name: z.string(),
  value: z.string().describe("The setting's value, JSON-encoded"),
});

export const FrontendSettings = z
  .object({
    moduleId: z.number().int(),
    features: z.array(Feature),
    /**
     * Ours, beside the spec's features: true while the module's online payments (card, MobilePay) go where no
     * money moves — the built-in test provider (no payment account connected) or a Stripe test key — so the
     * storefront says so before the guest pays. False only for a live Stripe account. Not a setting: the
     * server works it out from the organisation's payment account (issue 46).
     */
    paymentTestMode: z.boolean(),
  })
  .meta({ id: "FrontendSettings" });
export type FrontendSettings = z.infer<typeof FrontendSettings>;

/** Reads features into settings: JSON-parsed, unknown names dropped, bad values fall back to defaults. */
export function parseFeatures(features: { name: string; value: string }[]): AppSettings {
  const raw: Record<string, unknown> = {};
  for (const { name, value } of features) {
    if (!(APP_SETTING_NAMES as string[]).includes(name)) continue;
    try {
      raw[name] = JSON.parse(value);
    } catch {
      // A malformed value keeps the default, like an unknown one.
    }
  }
  const settings = AppSettings.parse({});
  for (const name of APP_SETTING_NAMES) {
    const one = AppSettings.shape[name].safeParse(raw[name]);
    if (one.success) Object.assign(settings, { [name]: one.data });
  }
  return settings;
}

export const Languages = z
  .object({
    defaultLanguage: LanguageCode,
    languages: z.array(z.object({ code: LanguageCode, name: z.string() })),
  })
  .meta({ id: "Languages" });
export type Languages = z.infer<typeof Languages>;

export const MaintenanceMode = z.object({ isDownForMaintenance: z.boolean() });
export type MaintenanceMode = z.infer<typeof MaintenanceMode>;

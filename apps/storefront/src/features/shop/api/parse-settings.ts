import type { AppSettings } from "@app/contracts";

/** SPEC §3 App settings with their defaults (the same as @app/contracts' AppSettings schema). */
export const DEFAULT_SETTINGS: AppSettings = {
  terms: null,
  requiredGuestInformation: { name: true, phone: true, email: true },
  enforceCapacity: true,
  showExpandedCart: true,
  logo: null,
  orderIdType: "external",
  receiptType: "email",
  deliveryEnabled: false,
  showClosedFrontpageMessage: false,
  onlinePayment: true,
  mobilepay: false,
  payAtPickup: false,
  startCategory: null,
  precheckoutCategory: null,
  bagFeeItem: null,
  smileyUrl: null,
  primaryColor: null,
  requireLogin: true,
  pauseWhenIdle: true,
};

type Check = (value: unknown) => boolean;
const isBoolean: Check = (v) => typeof v === "boolean";
const isText: Check = (v) => v === null || typeof v === "string";
const isId: Check = (v) => v === null || Number.isInteger(v);
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v);

/**
 * What each known setting may hold. The browser checks by hand instead of with zod: zod is ~15 KB of
 * first-load JavaScript and probes `new Function` under our CSP (docs/decisions/008-security-headers.md).
 */
const CHECKS: { [Name in keyof AppSettings]: Check } = {
  terms: isText,
  requiredGuestInformation: (v) =>
    typeof v === "object" &&
    v !== null &&
    ["name", "phone", "email"].every((key) => typeof (v as Record<string, unknown>)[key] === "boolean"),
  enforceCapacity: isBoolean,
  showExpandedCart: isBoolean,
  logo: isText,
  orderIdType: oneOf("external", "receipt"),
  receiptType: oneOf("email", "sms", "none"),
  deliveryEnabled: isBoolean,
  showClosedFrontpageMessage: isBoolean,
  onlinePayment: isBoolean,
  mobilepay: isBoolean,
  payAtPickup: isBoolean,
  startCategory: isId,
  precheckoutCategory: isId,
  bagFeeItem: isId,
  smileyUrl: isText,
  primaryColor: (v) => v === null || (typeof v === "string" && /^#[0-9a-fA-F]{6}$/.test(v)),
  requireLogin: isBoolean,
  pauseWhenIdle: isBoolean,
};

/** Features (name, JSON-encoded value) into settings: unknown names dropped, bad values keep the default. */
export function parseSettings(features: readonly { name: string; value: string }[]): AppSettings {
  const settings: Record<string, unknown> = structuredClone(DEFAULT_SETTINGS);
  for (const { name, value } of features) {
    if (!Object.hasOwn(CHECKS, name)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    if (CHECKS[name as keyof AppSettings](parsed)) {
      settings[name] =
        name === "requiredGuestInformation"
          ? pick(parsed as Record<string, unknown>, ["name", "phone", "email"])
          : parsed;
    }
  }
  return settings as AppSettings;
}

function pick(value: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}

/**
 * A plain description of one demo restaurant. Rows refer to each other by short keys (e.g. the
 * product "classic-burger"); insertRestaurant turns the keys into the generated serial ids.
 */

/** Danish and English text. */
export type Text = { "da-DK": string; "en-US": string };

export const t = (da: string, en: string): Text => ({ "da-DK": da, "en-US": en });

/** Root-relative URL of a demo image in apps/storefront/public/images. */
export const image = (restaurant: "a" | "b", file: string): string => `/images/${restaurant}/${file}.svg`;

/** One section of the terms of trade: its heading and text (paragraphs split by a blank line), in both languages. */
export type TermsSectionSeed = { heading: Text; body: Text };
/** The terms of trade: the date they apply from (YYYY-MM-DD) and their sections in reading order. */
export type TermsSeed = { effectiveFrom: string; sections: TermsSectionSeed[] };

export type HoursSeed = { weekday: number; opens: string; closes: string };

export type LabelSeed = { key: string; icon: string; colour: string; name: Text; description: Text };

export type ChoiceSeed = { key: string; name: Text; defaultPriceMinor: number };

export type ModifierChoiceSeed = {
  choice: string;
  /** Units pre-selected when the option panel opens. */
  defaultChoiceAmount?: number;
  /** Units free per product unit. */
  freeAmount?: number;
  /** Replaces the choice's default price in this group. */
  overwritePriceMinor?: number;
};

export type ModifierSeed = { key: string; name: Text; choices: ModifierChoiceSeed[] };

export type ProductModifierSeed = { modifier: string; maxChoices: number; choicesIncluded: number };

export type ProductSeed = {
  key: string;
  name: Text;
  subtitle: Text;
  description: Text;
  priceMinor: number;
  imageUrl: string;
  internalName?: string;
  originalPriceMinor?: number;
  isGiftcard?: boolean;
  /** Weekday sale price, ISO weekdays (1 = Monday). */
  daily?: { priceMinor: number; startDayOfWeek: number; endDayOfWeek: number };
  labels?: string[];
  modifiers?: ProductModifierSeed[];
};

export type CategorySeed = {
  key: string;
  name: Text;
  description: Text;
  internalName?: string;
  imageUrl: string;
  /** Product keys in display order. */
  products: string[];
};

export type DiscountCodeSeed = {
  code: string;
  kind: "percentage" | "amount";
  value: number;
  minimumBasketMinor: number;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  /** Product keys the code is restricted to; omitted = whole basket. */
  products?: string[];
  isActive?: boolean;
};

export type GiftcardSeed = { code: string; balanceMinor: number; validUntil: Date | null };

/** The module's frontend settings; category and product references are keys. */
export type SettingsSeed = {
  terms: string;
  requiredGuestInformation: { name: boolean; phone: boolean; email: boolean };
  enforceCapacity: boolean;
  showExpandedCart: boolean;
  logo: string;
  orderIdType: "external" | "internal";
  receiptType: "email" | "sms";
  deliveryEnabled: boolean;
  showClosedFrontpageMessage: boolean;
  onlinePayment: boolean;
  mobilepay: boolean;
  payAtPickup: boolean;
  /** Category key, or null. */
  startCategory: string | null;
  /** Category key, or null. */
  precheckoutCategory: string | null;
  /** Product key, or null. */
  bagFeeItem: string | null;
  smileyUrl: string;
  /** The brand colour (#rrggbb) of buttons and links. */
  primaryColor: string;
  /** Whether guests pass the session login first (SPEC §2); the spec's default is on. */
  requireLogin: boolean;
  /** Whether the pause screen covers the shop after 120 s idle (SPEC §2); the spec's default is on. */
  pauseWhenIdle: boolean;
};

export type RestaurantSeed = {
  host: string;
  /** The organisation (business) that owns the restaurant; each demo restaurant has its own. */
  organisationName: string;
  productionUnit: {
    name: string;
    address: string;
    zipCode: string;
    phone: string;
    receiptEmail: string;
    cvrNumber: string;
    timeZone: string;
  };
  openingHours: HoursSeed[];
  deliveryHours: HoursSeed[];
  closedDates: { date: string; reason: string }[];
  module: { name: string; type: number };
  checkout: {
    isGiftcardEnabled: boolean;
    isDiscountEnabled: boolean;
    guestFutureOrderDates: number;
    chainDeliveryEnabled: boolean;
    orderTimeInterval: number;
    preparationMinutes: number;
  };
  capacity: { itemsPerSlot: number };
  delivery: { timeInterval: number; preparationMinutes: number; zones: { zipCode: string; feeMinor: number }[] };
  paymentProvider: string;
  instanceName: string;
  menuName: string;
  labels: LabelSeed[];
  choices: ChoiceSeed[];
  modifiers: ModifierSeed[];
  products: ProductSeed[];
  categories: CategorySeed[];
  settings: SettingsSeed;
  /** The terms of trade /terms shows (the terms setting points there). */
  terms: TermsSeed;
  blockedProducts: string[];
  blockedChoices: string[];
  discountCodes: DiscountCodeSeed[];
  giftcards: GiftcardSeed[];
  /** Last receipt number already used; the first order gets this + 1. */
  receiptLastNumber: number;
};

/**
 * The whole data model, one file per area. Money is always integer minor units (øre) in columns named
 * `*_minor`; translatable texts are jsonb maps from language code to text.
 * Guest-owned rows (baskets, checkouts, payments, orders) have random UUIDs: their id is their
 * only protection, because any guest can obtain a restaurant's token.
 */
export * from "./basket";
export * from "./capacity";
export * from "./catalogue";
export * from "./checkout";
export type { Translations } from "./columns";
export * from "./discount-giftcard";
export * from "./instances";
export * from "./kitchen";
export * from "./order";
export * from "./organisation";
export * from "./payment";
export * from "./rate-limit";
export * from "./staff";
export * from "./tenancy";
export * from "./terms";
export * from "./warehouse";

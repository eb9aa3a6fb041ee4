/**
 * What the storefront page and the browser agree on outside the HTTP API: the ids of the data blocks the
 * server puts in the page (apps/api/src/plugins/storefront-boot-data.ts writes them, the storefront's
 * lib/boot-data.ts and early-reads.ts read them), the local-storage keys of the guest's order and language,
 * and the names of the storefront's code-split routes (its build maps each name to a chunk; the server
 * preloads the chunk of the page it sends). One module, imported by both sides, so a rename is a compile
 * error instead of a page that quietly loses its data.
 *
 * Plain constants only: the storefront's early entries import this file directly
 * (`@app/contracts/storefront-boot`) and must stay tiny (docs/decisions/016-first-paint-without-a-round-trip.md).
 */

/** The `<script type="application/json" id>` blocks of the page for one host. */
export const BOOT_BLOCK_IDS = {
  module: "shop-module",
  catalogue: "shop-catalogue",
  languages: "shop-languages",
  start: "shop-start",
  stock: "shop-stock",
} as const;

/**
 * The guest's local storage (SPEC §4). The order's keys are the basket id and every key starting with
 * `checkout` (the checkout id, the checkout session), so clearing the order wipes the checkout's keys without
 * the basket knowing each one. The language choice survives clearing the order.
 */
export const STORAGE_KEYS = {
  basketId: "basketId",
  checkoutId: "checkoutId",
  checkoutSession: "checkoutSession",
  /** The delivery address as the guest typed it, before (or without) the server accepting it. */
  checkoutAddressDraft: "checkoutAddressDraft",
  /** The discount code as the guest typed it, before applying it. */
  checkoutDiscountDraft: "checkoutDiscountDraft",
  language: "language",
} as const;

/** Every key of the checkout starts with this (STORAGE_KEYS.checkoutId, checkoutSession and the drafts). */
export const CHECKOUT_KEY_PREFIX = "checkout";

/** The storefront's code-split route chunks the server hints in the page it sends for their paths. */
export const ROUTE_CHUNKS = {
  /** The front page's restaurant band: the page itself is in the entry, the band is loaded beside it. */
  front: "route-front",
  menu: "route-menu",
  precheckout: "route-precheckout",
  checkout: "route-checkout",
} as const;

export type RouteChunkName = (typeof ROUTE_CHUNKS)[keyof typeof ROUTE_CHUNKS];

/** The storefront's small entries a page runs beside the app (named inputs of its build). */
export const EARLY_ENTRIES = {
  /** Every page: starts ICU's date formats while the app downloads. */
  dateFormats: "early-date-formats",
  /** /checkout: the guest's first reads, started before the app has run. */
  reads: "early-reads",
} as const;

/**
 * Where early-reads.ts leaves the reads it started, on `globalThis`, for the storefront's API client to take
 * (a registered symbol: the two are separate scripts and share nothing else).
 */
export const EARLY_READS_SYMBOL = "app.storefront.early-reads";

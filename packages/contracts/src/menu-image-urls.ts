/**
 * Menu images' limits and URLs, without zod: the storefront's bundle imports this file alone
 * ("@app/contracts/menu-image-urls") to give our images a `srcset`.
 */
export const MENU_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a 48 MP phone photo is refused, a 12 MP one (4032 × 3024) is fine. */
export const MENU_IMAGE_MAX_PIXELS = 40_000_000;
export const MENU_IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The widths asked for by URL; an original narrower than one is never enlarged (see menuImageWidthServed). */
export const MENU_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The width the `url` of an upload's answer names: what a product card shows on a phone's 2× screen. */
export const MENU_IMAGE_DEFAULT_WIDTH = 640;

export const MENU_IMAGE_PATH = "/api/menu-images";

export function menuImageUrl(hash: string, width: number): string {
  return `${MENU_IMAGE_PATH}/${hash}/${width}.webp`;
}

const OUR_URL = /^\/api\/menu-images\/([0-9a-f]{64})\/(\d+)\.webp$/;

/** The hash of one of our menu image URLs, or null for any other URL (an image hosted elsewhere). */
export function menuImageHash(url: string): string | null {
  return OUR_URL.exec(url)?.[1] ?? null;
}

/**
 * The `srcset` of one of our menu image URLs (every width of MENU_IMAGE_WIDTHS; the server answers a width wider
 * than the original with the original's own width), or undefined for an image hosted elsewhere.
 */
export function menuImageSrcSet(url: string): string | undefined {
  const hash = menuImageHash(url);
  if (!hash) return undefined;
  return MENU_IMAGE_WIDTHS.map((width) => `${menuImageUrl(hash, width)} ${width}w`).join(", ");
}

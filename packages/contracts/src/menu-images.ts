/**
 * Menu images (product and category pictures): POST /api/admin/restaurants/{restaurantId}/menu-images takes the
 * image's bytes as the body (image/jpeg, image/png, image/webp or application/octet-stream; owners and managers).
 * Checked by content (400 Input.InvalidImage), at most MENU_IMAGE_MAX_BYTES (413 Input.ImageTooLarge), at most
 * MENU_IMAGE_MAX_PIXELS (422 Input.ImageTooManyPixels), turned into WebP variants MENU_IMAGE_WIDTHS wide and
 * served immutable from GET /api/menu-images/{hash}/{width}.webp (docs/decisions/035-menu-images.md).
 */
import { z } from "zod";

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

export const MenuImageVariant = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});
export type MenuImageVariant = z.infer<typeof MenuImageVariant>;

export const MenuImageUploaded = z.object({
  /** SHA-256 of the uploaded bytes, hex. */
  hash: z.string(),
  /** The MENU_IMAGE_DEFAULT_WIDTH variant: what a product's or category's imageUrl holds. */
  url: z.string(),
  /** The variants stored, narrowest first, each with its real size (never wider than the original). */
  variants: z.array(MenuImageVariant),
});
export type MenuImageUploaded = z.infer<typeof MenuImageUploaded>;

export const MenuImageParams = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  file: z.string().regex(/^\d{1,5}\.webp$/),
});

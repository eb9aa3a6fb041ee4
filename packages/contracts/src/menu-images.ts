/**
 * Menu images (product and category pictures): POST /api/admin/restaurants/{restaurantId}/menu-images takes the
 * image's bytes as the body (image/jpeg, image/png, image/webp or application/octet-stream; owners and managers).
 * Checked by content (400 Input.InvalidImage), at most MENU_IMAGE_MAX_BYTES (413 Input.ImageTooLarge), at most
 * MENU_IMAGE_MAX_PIXELS (422 Input.ImageTooManyPixels), turned into WebP variants MENU_IMAGE_WIDTHS wide and
 * served immutable from GET /api/menu-images/{hash}/{width}.webp (docs/decisions/035-menu-images.md).
 */
import { z } from "zod";

export * from "./menu-image-urls";

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

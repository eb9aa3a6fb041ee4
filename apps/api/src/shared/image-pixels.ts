/**
 * The pixel cap of an uploaded image (a menu image, a logo), judged from the size its header declares before any
 * pixel is decoded: a PNG of a few hundred kilobytes can declare 20,000 × 20,000 pixels (1.6 GB as RGBA). The
 * refusal names the limit (422 Input.ImageTooManyPixels), so the person knows to make the image smaller rather than
 * to change its format.
 */
import { type AppError, unprocessable } from "../errors";
import type { ImageHeader } from "./read-image-header";

/** 422 Input.ImageTooManyPixels on `field`, naming the limit and, when known, the image's own megapixels. */
export function tooManyPixels(maxPixels: number, field: string, pixels?: number): AppError {
  const megapixels = (count: number) => Math.round(count / 1_000_000);
  const own = pixels ? ` (this one has ${megapixels(pixels)})` : "";
  return unprocessable(
    "Input.ImageTooManyPixels",
    `The image may have at most ${megapixels(maxPixels)} megapixels${own}`,
    field,
  );
}

/** Refuses an image whose header declares more than `maxPixels` pixels. */
export function requirePixelsAtMost(header: ImageHeader, maxPixels: number, field: string): void {
  const pixels = header.width * header.height;
  if (pixels > maxPixels) throw tooManyPixels(maxPixels, field, pixels);
}

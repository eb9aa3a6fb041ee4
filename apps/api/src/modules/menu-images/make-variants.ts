/**
 * An uploaded image decoded with sharp (libvips) and turned into the WebP variants the storefront's `srcset`
 * names. sharp runs on libuv's thread pool, never on the event loop; the upload queue (upload-queue.ts) bounds
 * how many images are decoded at once.
 *
 * - `limitInputPixels` refuses an image whose header declares more than MENU_IMAGE_MAX_PIXELS before any pixel
 *   is decoded: a 30,000 × 30,000 PNG of a few kilobytes (a decompression bomb) would need 3.6 GB.
 * - `autoOrient` turns the pixels as the EXIF Orientation says, so the variants need no metadata; sharp writes
 *   none (no EXIF, GPS position, camera) unless asked to (https://sharp.pixelplumbing.com/api-output#keepmetadata).
 * - The original is decoded once, to raw pixels no larger than the widest variant; the narrower ones are made
 *   from those, so a 12 MP photo is decoded once rather than once per width.
 */
import { MENU_IMAGE_MAX_PIXELS, MENU_IMAGE_WIDTHS } from "@app/contracts";
import sharp, { type OutputInfo } from "sharp";

// libvips's operation cache keeps recent images' pixels for reuse: an upload is never processed twice, so it
// would only hold memory. One libvips thread per image: the upload queue decides how many images run at once.
sharp.cache(false);
sharp.concurrency(1);

/** A variant's height is at most this many times its width: a very tall image is made narrower instead. */
const MAX_ASPECT = 2;
const WEBP_QUALITY = 80;

export type Variant = { width: number; height: number; bytes: Buffer };
export type Variants = { width: number; height: number; variants: Variant[] };

export class TooManyPixels extends Error {}
export class UnreadableImage extends Error {}

/** The original's size (after EXIF orientation) and its WebP variants, narrowest first, no two of one width. */
export async function makeVariants(bytes: Buffer): Promise<Variants> {
  const decoded = await decodeOnce(bytes);
  const variants: Variant[] = [];
  for (const width of MENU_IMAGE_WIDTHS) {
    const variant = await encodeWebp(decoded.pixels, width);
    if (variants.at(-1)?.width !== variant.width) variants.push(variant);
  }
  return { width: decoded.width, height: decoded.height, variants };
}

type Decoded = { width: number; height: number; pixels: { data: Buffer; info: OutputInfo } };

async function decodeOnce(bytes: Buffer): Promise<Decoded> {
  const widest = Math.max(...MENU_IMAGE_WIDTHS);
  const image = sharp(bytes, { limitInputPixels: MENU_IMAGE_MAX_PIXELS, autoOrient: true, failOn: "error" });
  try {
    const metadata = await image.metadata();
    const pixels = await image
      .resize({ width: widest, height: widest * MAX_ASPECT, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: metadata.autoOrient.width, height: metadata.autoOrient.height, pixels };
  } catch (error) {
    throw decodeError(error);
  }
}

async function encodeWebp({ data, info }: Decoded["pixels"], width: number): Promise<Variant> {
  const { data: bytes, info: out } = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  })
    .resize({ width, height: width * MAX_ASPECT, fit: "inside", withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { width: out.width, height: out.height, bytes };
}

/** sharp's errors are plain Errors told apart by their message (https://github.com/lovell/sharp, pixel limit). */
function decodeError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new TooManyPixels(message);
  return new UnreadableImage(message);
}

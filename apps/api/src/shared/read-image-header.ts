/**
 * What an uploaded image (a logo, a menu image) is, read from its bytes and never from its name or the Content-Type it was sent with:
 * PNG, JPEG or WebP, each recognised by its signature and the dimensions its header declares. Anything else —
 * an SVG (it can carry script), a GIF, a PNG signature on a truncated file, a header that declares no size —
 * is not an image we serve.
 *
 * Formats: PNG https://www.w3.org/TR/png-3/#5PNG-file-signature (IHDR first), JPEG ITU T.81 annex B (SOFn
 * segment), WebP https://developers.google.com/speed/webp/docs/riff_container (VP8, VP8L, VP8X).
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp";
export type ImageHeader = { contentType: ImageType; width: number; height: number };

/** Without a caller's own pixel limit (image-pixels.ts), a side longer than this is not a sensible image. */
export const MAX_IMAGE_SIDE = 8192;

/**
 * The image's type and size, or null when the bytes are not a PNG, JPEG or WebP with a sensible size: at least
 * one pixel, at most `maxSide` on each side. A caller that judges the pixel count itself (menu images and logos,
 * whose refusal names the limit) passes Infinity.
 */
export function readImageHeader(bytes: Uint8Array, maxSide = MAX_IMAGE_SIDE): ImageHeader | null {
  const header = readPng(bytes) ?? readJpeg(bytes) ?? readWebp(bytes);
  if (!header) return null;
  const sensible = (side: number) => Number.isInteger(side) && side >= 1 && side <= maxSide;
  return sensible(header.width) && sensible(header.height) ? header : null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Signature, then the IHDR chunk (length 13) with width and height as big-endian 32-bit integers. */
function readPng(bytes: Uint8Array): ImageHeader | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 33) return null;
  const data = view(bytes);
  if (data.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== "IHDR") return null;
  return { contentType: "image/png", width: data.getUint32(16), height: data.getUint32(20) };
}

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header with height and width. */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** SOI, then segments (0xFF, marker, big-endian length) up to the first start of frame. */
function readJpeg(bytes: Uint8Array): ImageHeader | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  const data = view(bytes);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–RST7; SOI again or EOI before a frame means no image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return null;
    const length = data.getUint16(at + 2);
    if (length < 2) return null;
    if (START_OF_FRAME.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { contentType: "image/jpeg", height: data.getUint16(at + 5), width: data.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** RIFF container of type WEBP; the first chunk tells lossy (VP8), lossless (VP8L) or extended (VP8X). */
function readWebp(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 4);
  const data = view(bytes);
  if (chunk === "VP8X") {
    const side = (at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16)) + 1;
    return { contentType: "image/webp", width: side(24), height: side(27) };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = data.getUint32(21, true);
    return { contentType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return {
      contentType: "image/webp",
      width: data.getUint16(26, true) & 0x3fff,
      height: data.getUint16(28, true) & 0x3fff,
    };
  }
  return null;
}

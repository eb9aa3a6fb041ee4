/**
 * Images for the menu image tests, made with sharp when the test runs (no binaries in the repository).
 */
import { crc32, createDeflate } from "node:zlib";
import sharp from "sharp";

/** A smooth gradient, so the encoders have real work and the variants real content. */
export async function photo(width: number, height: number, format: "jpeg" | "png" | "webp", orientation?: number) {
  const image = sharp({
    create: { width, height, channels: format === "png" ? 4 : 3, background: { r: 200, g: 80, b: 40, alpha: 0.8 } },
  }).composite([{ input: Buffer.from(stripes(width, height)), top: 0, left: 0 }]);
  const encoded = format === "jpeg" ? image.jpeg() : format === "png" ? image.png() : image.webp();
  return orientation ? encoded.withMetadata({ orientation }).toBuffer() : encoded.toBuffer();
}

function stripes(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0" y="0" width="${Math.round(width / 3)}" height="${height}" fill="#1a6"/></svg>`;
}

/**
 * A PNG just under 10 MB (1860 × 1860 RGB stored without compression): the largest upload allowed, as costly to
 * decode as its size promises. Its pixels are a photo-like gradient with a little grain (pure noise would make the
 * WebP encoder's work ten times a photo's). `variant` makes each call's bytes (and hash) its own.
 */
export async function tenMegabytePng(variant: number): Promise<Buffer> {
  const png = await sharp(grainyGradient(), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return withTextChunk(png, `upload ${variant}`);
}

const SIDE = 1860;
let gradient: Buffer | undefined;

function grainyGradient(): Buffer {
  if (gradient) return gradient;
  gradient = Buffer.alloc(SIDE * SIDE * 3);
  let seed = 1;
  const grain = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return (seed >> 16) % 16;
  };
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const at = (y * SIDE + x) * 3;
      gradient[at] = Math.round((x / SIDE) * 230) + grain();
      gradient[at + 1] = Math.round((y / SIDE) * 200) + grain();
      gradient[at + 2] = 100 + grain();
    }
  }
  return gradient;
}

/** The PNG with a tEXt chunk before IEND: the same pixels, other bytes. */
export function withTextChunk(png: Buffer, text: string): Buffer {
  const chunk = pngChunk("tEXt", Buffer.from(`Comment\0${text}`, "latin1"));
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/**
 * A decompression bomb: a real PNG of `side` × `side` one-bit pixels, all zero. A 30,000 × 30,000 one is about
 * 110 KB and would decode to 900 megapixels (3.6 GB as RGBA).
 */
export async function pngBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte 0, then the pixels
  const rowsAtOnce = 100;
  const rows = Buffer.alloc(rowBytes * rowsAtOnce);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  for (let y = 0; y < side; y += rowsAtOnce) deflate.write(rows.subarray(0, rowBytes * Math.min(rowsAtOnce, side - y)));
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.concat(compressed)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip" | "identity";

/** Below this, compression saves less than its headers and the client's work cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A serialized JSON answer kept with its compressed forms, each made once, on first demand: a kept menu
 * answer is sent to every phone as the bytes it accepts, never compressed per request. Brotli at quality 9
 * (close to 11's size, many times faster for a large context answer) and gzip at level 9.
 */
export class EncodedJson {
  readonly identity: Buffer;
  private readonly encoded: Partial<Record<"br" | "gzip", Buffer>> = {};

  constructor(json: string) {
    this.identity = Buffer.from(json);
  }

  /** What it may hold in memory: the JSON and, at most, two smaller copies of it. */
  get length(): number {
    return this.identity.length * 2;
  }

  body(encoding: ContentEncoding): Buffer {
    if (encoding === "identity") return this.identity;
    this.encoded[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(this.identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipSync(this.identity, { level: 9 });
    return this.encoded[encoding];
  }

  /** The encoding this answer goes out in for a client that sent this Accept-Encoding. */
  encodingFor(acceptEncoding: string | undefined): ContentEncoding {
    if (this.identity.length < COMPRESS_FROM_BYTES) return "identity";
    return remembered(acceptEncoding);
  }
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (a bounded few kept). */
const encodingOf = new Map<string, ContentEncoding>();

function remembered(acceptEncoding: string | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return "identity";
  let encoding = encodingOf.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = preferredEncoding(acceptEncoding);
    if (encodingOf.size >= 64) encodingOf.clear();
    encodingOf.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** Brotli when the client accepts it, else gzip, else none; `;q=0` refuses one (RFC 9110 §12.5.3). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "x-gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : "identity";
}

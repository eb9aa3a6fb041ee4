import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type BootData, CATALOGUE_BLOCK_ID, dataBlock, MODULE_BLOCK_ID } from "./storefront-boot-data";

/** index.html as one host gets it: the same bytes for every guest of the host, so it can carry an ETag. */
export type ShopPage = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** index.html with the host's data blocks before `</head>` (module scripts run after parsing, they find them). */
export function buildShopPage(indexHtml: string, boot: BootData | null): ShopPage {
  const blocks = boot
    ? [dataBlock(MODULE_BLOCK_ID, boot.module), boot.catalogue ? dataBlock(CATALOGUE_BLOCK_ID, boot.catalogue) : ""]
    : [];
  const html = Buffer.from(indexHtml.replace("</head>", `${blocks.join("")}</head>`));
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(html, { level: 9 }),
    // Weak: the br, gzip and plain bodies differ in bytes but are the same page.
    etag: `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
  };
}

/**
 * Sends the page revalidated on every use (`no-cache`): 304 when the browser's copy is current, else the
 * smallest body the browser accepts.
 */
export function sendShopPage(request: FastifyRequest, reply: FastifyReply, page: ShopPage): FastifyReply {
  reply
    .header("cache-control", "no-cache")
    .header("etag", page.etag)
    .header("vary", "Accept-Encoding")
    .type("text/html; charset=utf-8");
  if (matchesETag(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  if (encoding) reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return reply.send(request.method === "HEAD" ? undefined : body);
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` aside, any listed tag, or `*`. */
function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Brotli when accepted, else gzip, else none (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.split(";").map((s) => s.trim()))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

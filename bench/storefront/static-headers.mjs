import { request } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { checkRow } from "../lib/table.mjs";
import { PART } from "./lighthouse-rows.mjs";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** A raw GET (no decoding, unlike fetch), so Content-Encoding and Content-Length are what went out. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every hashed script the page runs and the first hashed stylesheet it names. */
function assetsOf(html) {
  const scripts = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const style = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  return [...scripts, style].filter(Boolean);
}

/** How big `plain` is compressed as the build compresses it (apps/storefront/build/precompress.ts). */
const COMPRESSED_BYTES = {
  br: (plain) => brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  gzip: (plain) => gzipSync(plain, { level: 9 }).length,
};

/**
 * What is wrong with one hashed asset's answers for br, gzip and no compression (empty: nothing). A file that
 * would not be smaller compressed (a tiny script) is rightly sent as it is.
 */
async function assetProblems(baseUrl, path) {
  const problems = [];
  const type = path.endsWith(".js") ? /javascript/ : /text\/css/;
  const plain = (await get(`${baseUrl}${path}`, { "accept-encoding": "identity" })).body;
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ]) {
    const res = await get(`${baseUrl}${path}`, { "accept-encoding": accept });
    const say = (what) => problems.push(`${path} (${accept}): ${what}`);
    const sentPlain = res.headers["content-encoding"] === undefined;
    const notWorthIt = encoding && sentPlain && COMPRESSED_BYTES[encoding](plain) >= plain.length;
    if (res.status !== 200) say(`status ${res.status}`);
    if (res.headers["cache-control"] !== IMMUTABLE) say(`cache-control ${res.headers["cache-control"]}`);
    if (res.headers["content-encoding"] !== encoding && !notWorthIt) {
      say(`content-encoding ${res.headers["content-encoding"]}`);
    }
    if (!/accept-encoding/i.test(res.headers.vary ?? "")) say(`vary ${res.headers.vary}`);
    if (!type.test(res.headers["content-type"] ?? "")) say(`content-type ${res.headers["content-type"]}`);
  }
  return problems;
}

/** What is wrong with index.html's caching: no-cache, an ETag, 304 when the browser's copy is current. */
async function pageProblems(baseUrl) {
  const problems = [];
  const first = await get(`${baseUrl}/`, { "accept-encoding": "br, gzip" });
  if (first.headers["cache-control"] !== "no-cache") problems.push(`/ cache-control ${first.headers["cache-control"]}`);
  const etag = first.headers.etag;
  if (!etag) problems.push("/ has no ETag");
  else {
    const again = await get(`${baseUrl}/`, { "accept-encoding": "br, gzip", "if-none-match": etag });
    if (again.status !== 304) problems.push(`/ with If-None-Match answered ${again.status}, not 304`);
  }
  return problems;
}

/**
 * Hashed assets immutable and pre-compressed, index.html no-cache with an ETag, as rows. Informational: a check of
 * the product's headers, not one of the bench's targets (the API's own tests hold these headers).
 */
export async function measureStaticHeaders(baseUrl) {
  const page = await get(`${baseUrl}/`);
  const assets = assetsOf(page.body.toString());
  const assetIssues = (await Promise.all(assets.map((path) => assetProblems(baseUrl, path)))).flat();
  if (!assets.some((path) => path.endsWith(".js")) || !assets.some((path) => path.endsWith(".css"))) {
    assetIssues.push("the page names no hashed script or no hashed stylesheet");
  }
  const pageIssues = await pageProblems(baseUrl);
  return [
    checkRow({
      part: PART,
      name: "Static / hashed assets immutable, br+gzip, Vary",
      problems: assetIssues,
      informational: true,
    }),
    checkRow({
      part: PART,
      name: "Static / index.html no-cache, ETag, 304",
      problems: pageIssues,
      informational: true,
    }),
  ];
}

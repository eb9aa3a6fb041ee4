import { request } from "node:http";
import { row } from "./stats.mjs";

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

/** The first hashed script and stylesheet the page names. */
function assetsOf(html) {
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  return [script, style].filter(Boolean);
}

/** What is wrong with one hashed asset's answers for br, gzip and no compression (empty: nothing). */
async function assetProblems(baseUrl, path) {
  const problems = [];
  const type = path.endsWith(".js") ? /javascript/ : /text\/css/;
  for (const [accept, encoding] of [
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ]) {
    const res = await get(`${baseUrl}${path}`, { "accept-encoding": accept });
    const say = (what) => problems.push(`${path} (${accept}): ${what}`);
    if (res.status !== 200) say(`status ${res.status}`);
    if (res.headers["cache-control"] !== IMMUTABLE) say(`cache-control ${res.headers["cache-control"]}`);
    if (res.headers["content-encoding"] !== encoding) say(`content-encoding ${res.headers["content-encoding"]}`);
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

/** Part 6 of issue 12 as rows: hashed assets immutable and pre-compressed, index.html no-cache with an ETag. */
export async function measureStaticHeaders(baseUrl) {
  const page = await get(`${baseUrl}/`);
  const assets = assetsOf(page.body.toString());
  const assetIssues = (await Promise.all(assets.map((path) => assetProblems(baseUrl, path)))).flat();
  if (assets.length < 2) assetIssues.push("the page names no hashed script or stylesheet");
  const pageIssues = await pageProblems(baseUrl);
  return [
    row(
      "Static / hashed assets immutable, br+gzip, Vary",
      assetIssues.join("; ") || "ok",
      "check",
      "ok",
      !assetIssues.length,
    ),
    row("Static / index.html no-cache, ETag, 304", pageIssues.join("; ") || "ok", "check", "ok", !pageIssues.length),
  ];
}

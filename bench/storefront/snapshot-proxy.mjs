import { createServer, request } from "node:http";
import { brotliCompressSync } from "node:zlib";

/** Where the proxy serves the snapshots: a path no page of the shop uses. */
export const SNAPSHOT_PREFIX = "/__snapshot/";

/**
 * A tiny proxy in front of the product: every request goes through to `baseUrl` untouched, except
 * `/__snapshot/{name}`, the script-free snapshots. So the real page and its snapshot come from one
 * origin and one server (same images, stylesheets, compression and latency) and differ only in script.
 */
export async function startSnapshotProxy(baseUrl) {
  const upstream = new URL(baseUrl);
  const snapshots = new Map();
  const server = createServer((req, res) => {
    if (req.url?.startsWith(SNAPSHOT_PREFIX)) return sendSnapshot(req, res, snapshots.get(req.url));
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, resolve));
  const origin = `http://${upstream.hostname}:${server.address().port}`;
  return {
    origin,
    /** Serves `html` at a snapshot path and returns its URL. */
    add(name, html) {
      const path = `${SNAPSHOT_PREFIX}${encodeURIComponent(name)}`;
      snapshots.set(path, { html: Buffer.from(html), br: brotliCompressSync(Buffer.from(html)) });
      return `${origin}${path}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The snapshot as the product sends its page: HTML, revalidated, brotli when accepted. */
function sendSnapshot(req, res, snapshot) {
  if (!snapshot) return res.writeHead(404).end();
  const br = /\bbr\b/.test(req.headers["accept-encoding"] ?? "");
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    vary: "Accept-Encoding",
    ...(br && { "content-encoding": "br" }),
  });
  res.end(br ? snapshot.br : snapshot.html);
}

// Part 2, other reads with response validation (module, settings, basket, checkout): our server vs
// a bare node:http server answering JSON.stringify of the same object on every request, with the
// headers our server sent (no content-encoding: the baseline does not compress).
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { startBareServer } from "./bare-server.mjs";
import { compareWithBaseline } from "./compare.mjs";
import { BROWSER_ACCEPT_ENCODING, request } from "./http.mjs";
import { ratioRow } from "./table.mjs";

export const TARGET_RATIO = 0.6;
const LOAD = { connections: 50, pipelining: 1 };

function otherReadRequests(shop) {
  const headers = { ...shop.auth, "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const get = (name, path) => ({ name, method: "GET", path, headers });
  return [
    get("GET /api/module/{id}/module", `/api/module/${shop.module.id}/module`),
    get("GET /api/frontend/module/{moduleId}", `/api/frontend/module/${shop.module.id}`),
    get("GET /api/basket/{id}", `/api/basket/${shop.basketId}`),
    get("GET /api/checkout/{id}", `/api/checkout/${shop.checkoutId}`),
  ];
}

const decoders = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

function jsonOf(answer) {
  const encoding = answer.headers.find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
  const bytes = encoding ? decoders[encoding](answer.body) : answer.body;
  return JSON.parse(bytes.toString("utf8"));
}

export async function measureOtherReads({ product, shop, timing }) {
  const rows = [];
  for (const spec of otherReadRequests(shop)) {
    const answer = await request(product.urls[0], spec);
    if (answer.status !== 200) throw new Error(`${spec.name}: ${answer.status} ${answer.body.toString()}`);
    const { name: _name, ...wire } = spec;
    const route = { ...wire, status: answer.status, headers: answer.headers, body: jsonOf(answer), mode: "stringify" };
    const bare = await startBareServer([route]);
    try {
      const result = await compareWithBaseline({
        urls: product.urls,
        pids: product.pids,
        bareUrl: bare.url,
        barePid: bare.pid,
        requests: [wire],
        ...LOAD,
        timing,
      });
      rows.push(ratioRow({ part: "2 other reads", name: `${spec.name}, 50 conn`, result, target: TARGET_RATIO }));
    } finally {
      await bare.stop();
    }
  }
  return rows;
}

// Part 1, menu reads: GET /api/category/menu/{menuId}, GET /api/product/{id} and POST /api/context
// on our server vs a bare node:http server replaying the very bytes (status, headers, body) our
// server answered, with a browser's Accept-Encoding so pre-compressed answers are compared.
import { startBareServer } from "./bare-server.mjs";
import { compareWithBaseline } from "./compare.mjs";
import { BROWSER_ACCEPT_ENCODING, request } from "./http.mjs";
import { ratioRow } from "./table.mjs";

export const TARGET_RATIO = 0.9;
/** Unpipelined like browsers, and pipelined as a proxy or a heavy client may push. */
const LOADS = [
  { label: "50 conn", connections: 50, pipelining: 1 },
  { label: "100×10 pipelined", connections: 100, pipelining: 10 },
];

export function menuReadRequests(shop) {
  const { module } = shop;
  const headers = { ...shop.auth, "accept-encoding": BROWSER_ACCEPT_ENCODING };
  return [
    {
      name: "GET /api/category/menu/{menuId}",
      method: "GET",
      path: `/api/category/menu/${shop.menuId}?instanceId=${module.menuInstanceId}`,
      headers,
    },
    {
      name: "GET /api/product/{id}",
      method: "GET",
      path: `/api/product/${shop.productId}?instanceId=${module.productInstanceId}`,
      headers,
    },
    {
      name: "POST /api/context",
      method: "POST",
      path: "/api/context",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(shop.productIds),
    },
  ];
}

export async function measureMenuReads({ product, shop, timing }) {
  const rows = [];
  for (const spec of menuReadRequests(shop)) {
    const answer = await request(product.urls[0], spec);
    if (answer.status !== 200) throw new Error(`${spec.name}: ${answer.status} ${answer.body.toString()}`);
    const route = { ...spec, status: answer.status, headers: answer.headers, body: answer.body.toString("base64") };
    const bare = await startBareServer([{ ...route, mode: "replay" }]);
    try {
      for (const load of LOADS) {
        const { name: _name, ...wire } = spec;
        const result = await compareWithBaseline({
          urls: product.urls,
          pids: product.pids,
          bareUrl: bare.url,
          barePid: bare.pid,
          requests: [wire],
          ...load,
          timing,
        });
        rows.push(
          ratioRow({ part: "1 menu reads", name: `${spec.name}, ${load.label}`, result, target: TARGET_RATIO }),
        );
      }
    } finally {
      await bare.stop();
    }
  }
  return rows;
}

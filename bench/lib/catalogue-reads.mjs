// Public catalogue reads: each route on our server vs a bare node:http server (bare-server.mjs) sending the very
// bytes our server answered (status, headers, body), with a browser's Accept-Encoding so the compressed answers
// are what is compared. Target: ≥ 80 % of the bare server's requests a second (targets.mjs), 50 connections.
// One more row, for information: a minimal Fastify 5 sending GET /api/label's bytes from an onRequest hook,
// against the same bare server: the floor of any server answering through Fastify's lifecycle that run.
import { startBareServer } from "./bare-server.mjs";
import { captureAnswer, startRung } from "./catalogue-ladder-rungs.mjs";
import { compareWithBaseline } from "./compare.mjs";
import { BROWSER_ACCEPT_ENCODING, request } from "./http.mjs";
import { throughputRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const PART = "1 catalogue reads";
/** The read the minimal-Fastify row sends (catalogue-ladder.mjs's too). */
export const REFERENCE_READ = "GET /api/label";
/** Unpipelined, as browsers send. */
const LOAD = { connections: 50, pipelining: 1 };

/** Every public catalogue read of SPEC §7 a guest's storefront makes, as restaurant A's guest (shop.mjs) makes it. */
export function catalogueReadRequests(shop) {
  const { module } = shop;
  const open = { accept: "application/json", "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const headers = { ...shop.auth, ...open };
  const get = (name, path, withToken = true) => ({ name, method: "GET", path, headers: withToken ? headers : open });
  const unit = `productionUnitId=${module.productionUnitId}`;
  return [
    get("GET /api/module/domain/{domain}", "/api/module/domain/localhost", false),
    get("GET /api/module/{id}/module", `/api/module/${module.id}/module`),
    get("GET /api/frontend/module/{moduleId}", `/api/frontend/module/${module.id}`),
    get("GET /api/language", "/api/language"),
    get("GET /api/menu", `/api/menu?instanceId=${module.menuInstanceId}`),
    get("GET /api/category/menu/{menuId}", `/api/category/menu/${shop.menuId}?instanceId=${module.menuInstanceId}`),
    get("GET /api/product/{id}", `/api/product/${shop.productId}?instanceId=${module.productInstanceId}`),
    get("GET /api/label", `/api/label?instanceId=${module.productInstanceId}`),
    {
      name: "POST /api/context",
      method: "POST",
      path: "/api/context",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(shop.productIds),
    },
    get("GET /api/blockedProduct", `/api/blockedProduct?${unit}`),
    get("GET /api/blockedChoice", `/api/blockedChoice?${unit}`),
    get("GET /static/maintenanceMode.json", "/static/maintenanceMode.json", false),
  ];
}

export async function measureCatalogueReads({ product, shop, timing }) {
  const rows = [];
  for (const { name, ...wire } of catalogueReadRequests(shop)) {
    const answer = await request(product.urls[0], wire);
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
    const result = await againstBare(wire, answer, { urls: product.urls, pids: product.pids }, timing);
    rows.push(throughputRow({ part: PART, name: `${name}, 50 conn`, result, target: TARGETS.catalogueRead }));
  }
  rows.push(await minimalFastifyRow({ product, shop, timing }));
  return rows;
}

/** A minimal Fastify 5 (catalogue-ladder-rungs.mjs's first rung) sending REFERENCE_READ's bytes vs bare. */
async function minimalFastifyRow({ product, shop, timing }) {
  const { name: _name, ...wire } = catalogueReadRequests(shop).find((r) => r.name === REFERENCE_READ);
  const captured = await captureAnswer(product.urls[0], wire, shop.module.productionUnitId);
  const answer = { status: captured.status, headers: captured.headers, body: Buffer.from(captured.body, "base64") };
  const fastify = await startRung("fastify", captured, wire);
  try {
    const result = await againstBare(fastify.wire, answer, { urls: [fastify.url], pids: [fastify.pid] }, timing);
    const name = `minimal Fastify 5 sending ${REFERENCE_READ}'s bytes from an onRequest hook, 50 conn`;
    return throughputRow({ part: PART, name, result, target: TARGETS.catalogueRead, informational: true });
  } finally {
    await fastify.stop();
  }
}

/** `servers` loaded with `wire` against a bare server sending `answer`'s bytes. */
async function againstBare(wire, answer, servers, timing) {
  const bare = await startBareServer([{ ...wire, status: answer.status, headers: answer.headers, body: answer.body }]);
  try {
    return await compareWithBaseline({
      ...servers,
      bareUrl: bare.url,
      barePid: bare.pid,
      requests: [wire],
      ...LOAD,
      timing,
    });
  } finally {
    await bare.stop();
  }
}

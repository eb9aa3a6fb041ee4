import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { scriptedChangeFeed } from "@app/db/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerErrorHandler } from "./error-handler";
import { registerStorefront } from "./storefront";
import { routesWithoutChunk } from "./storefront-route-hints";

const SCRIPT = "console.log('shop');\n".repeat(50);
/**
 * What the fake API's public module call answers for localhost: with a `<` the page must neutralise, and
 * `$` patterns String.replace would expand in a replacement string.
 */
const MODULE_ANSWER =
  '{"id":7,"productionUnitId":3,"menuInstanceId":11,"productInstanceId":12,"name":"A</script> $& $$ $\'"}';

/** A build's manifest (vite build.manifest): the entry and the menu route, which shares the runtime chunk. */
const MANIFEST = {
  "index.html": { file: "assets/index-abc123.js", name: "index", isEntry: true, imports: ["_runtime.js"] },
  "_runtime.js": { file: "assets/runtime-1.js" },
  "_cards.js": { file: "assets/cards-2.js", css: ["assets/cards-2.css"] },
  "src/pages/menu.tsx": {
    file: "assets/menu-page-3.js",
    imports: ["_runtime.js", "index.html", "_cards.js"],
  },
  "src/pages/checkout.tsx": { file: "assets/checkout-page-4.js", imports: ["index.html"] },
  "src/pages/front-band.tsx": { file: "assets/front-band-7.js", imports: ["index.html", "_runtime.js"] },
  "src/early-reads.ts": { file: "assets/early-reads-5.js", name: "early-reads", isEntry: true },
  "src/early-date-formats.ts": { file: "assets/early-date-formats-6.js", name: "early-date-formats", isEntry: true },
};
/**
 * The build's names of its route chunks (apps/storefront/build/route-chunks.ts): the server knows the routes by
 * these names, whatever the storefront's files are called. This build has no precheckout chunk.
 */
const ROUTE_CHUNK_KEYS = {
  "route-front": "src/pages/front-band.tsx",
  "route-menu": "src/pages/menu.tsx",
  "route-checkout": "src/pages/checkout.tsx",
};

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "storefront-dist-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, "images"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><head><meta name="description" content="food" /><title>shop</title><link rel="icon" href="data:," /></head><body></body>',
  );
  writeFileSync(join(dist, "assets/index-abc123.js"), SCRIPT);
  writeFileSync(join(dist, "assets/index-abc123.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, "assets/index-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(dist, "assets/da-DK-Xy_1.json"), "{}");
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, ".vite/manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, ".vite/route-chunks.json"), JSON.stringify(ROUTE_CHUNK_KEYS));
  writeFileSync(join(dist, "images/logo.svg"), "<svg/>");
  app = Fastify();
  registerErrorHandler(app);
  await app.register(fakeApi, { prefix: "/api" });
  await registerStorefront(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The few public and catalogue calls the page's data blocks are read through; only localhost has a module. */
const fakeApi = fakeApiWith(() => [{ id: 1, imageUrl: "/images/burgers.svg", products: [{ productId: 9 }] }]);

function fakeApiWith(categories: () => unknown[]) {
  return async (api: FastifyInstance) => registerFakeApi(api, categories);
}

async function registerFakeApi(api: FastifyInstance, categories: () => unknown[]) {
  const authorised = (auth: string | undefined) => auth === "Bearer secret-token";
  api.get<{ Params: { domain: string } }>("/module/domain/:domain", (req, reply) =>
    req.params.domain === "localhost"
      ? reply.type("application/json").send(MODULE_ANSWER)
      : reply.code(404).send({ errors: [{ code: "MODULE_NOT_FOUND", message: "none" }] }),
  );
  api.get("/token/3", () => ({ token: "secret-token" }));
  api.get("/menu", (req, reply) =>
    authorised(req.headers.authorization) ? [{ id: 5, active: true }] : reply.code(401).send(),
  );
  api.get("/label", () => []);
  api.get("/language", () => ({ defaultLanguage: "da-DK", languages: ["da-DK", "en-US"] }));
  api.get("/module/7/module", () => ({ id: 7, isVisible: true }));
  api.get("/productionunit/3", () => ({ id: 3, name: "Bistro <Nørrebro>", address: "Vej 1, 2200 København N" }));
  api.get("/frontend/module/7", () => ({ features: [{ name: "logo", value: '"/images/logo.svg"' }] }));
  api.get("/productionunit/3/OpeningHour/v2/today", (_req, reply) => reply.code(404).send({ errors: [] }));
  api.get("/category/menu/5", categories);
  api.post("/context", (req) => ({ products: [{ id: (req.body as number[])[0] }], choices: [], modifiers: [] }));
  api.get("/blockedProduct", (req, reply) =>
    authorised(req.headers.authorization) ? [{ productId: 9 }] : reply.code(401).send(),
  );
  api.get("/blockedChoice", () => [{ choiceId: 4 }]);
}

function dataBlock(html: string, id: string): string | undefined {
  return new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html)?.[1];
}

describe("pages", () => {
  test("any page path gets index.html, never cached, so the client router decides", async () => {
    const res = await app.inject({ method: "GET", url: "/menu/12?x=1" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Bestil online · Bistro &lt;Nørrebro&gt;</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  test("HEAD of a page answers like GET without a body (link checkers, uptime monitors)", async () => {
    const res = await app.inject({ method: "HEAD", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toBe("");
  });

  test("an unknown API path is ROUTE_NOT_FOUND, not the page", async () => {
    for (const url of ["/api", "/api/nope"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].code, url).toBe("ROUTE_NOT_FOUND");
    }
  });

  test("a POST to a page path is ROUTE_NOT_FOUND", async () => {
    const res = await app.inject({ method: "POST", url: "/checkout" });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("ROUTE_NOT_FOUND");
  });

  test("the page has an ETag, and a browser holding that copy gets 304 without a body", async () => {
    const first = await app.inject({ method: "GET", url: "/" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const stale = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": 'W/"old"' } });
    expect(stale.statusCode).toBe(200);
  });

  test("the page goes brotli or gzip as the browser accepts, varying by Accept-Encoding", async () => {
    const plain = await app.inject({ method: "GET", url: "/" });
    const br = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    const gzip = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toBe("Accept-Encoding");
  });
});

describe("the host's data blocks in the page", () => {
  test("the public module is embedded exactly as GET /api/module/domain/{host} answers it", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "localhost:3000" } });
    const answer = await app.inject({ method: "GET", url: "/api/module/domain/localhost" });
    const block = dataBlock(page.body, "shop-module");
    // `<` is the one character written differently (\u003c), so `</script>` cannot end the block.
    expect(block).toBe(answer.body.replaceAll("<", "\\u003c"));
    expect(JSON.parse(block!)).toEqual(answer.json());
  });

  test("the catalogue the first tiles need is embedded; the token used to read it is not", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "localhost" } });
    expect(JSON.parse(dataBlock(page.body, "shop-catalogue")!)).toEqual({
      menuInstanceId: 11,
      productInstanceId: 12,
      menus: [{ id: 5, active: true }],
      categories: [{ id: 1, imageUrl: "/images/burgers.svg", products: [{ productId: 9 }] }],
      labels: [],
      context: { products: [{ id: 9 }], choices: [], modifiers: [] },
    });
    expect(page.body).not.toContain("secret-token");
  });

  test("the start's answers and the languages are embedded; no opening hours today is null", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "localhost" } });
    expect(JSON.parse(dataBlock(page.body, "shop-start")!)).toEqual({
      module: { id: 7, isVisible: true },
      productionUnit: { id: 3, name: "Bistro <Nørrebro>", address: "Vej 1, 2200 København N" },
      frontend: { features: [{ name: "logo", value: '"/images/logo.svg"' }] },
      openingHours: null,
    });
    expect(JSON.parse(dataBlock(page.body, "shop-languages")!)).toEqual({
      defaultLanguage: "da-DK",
      languages: ["da-DK", "en-US"],
    });
  });

  test("what the start still fetches is preloaded: the token call, the maintenance flag, the default messages", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "localhost" } });
    const preloads = [...page.body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)];
    expect(preloads.map((m) => m[1])).toEqual([
      "/api/token/3",
      "/static/maintenanceMode.json",
      "/assets/da-DK-Xy_1.json",
    ]);
  });

  test("a menu page carries what is sold out now, as the warehouse calls answer; other pages leave it out", async () => {
    const menu = await app.inject({ method: "GET", url: "/menu/1", headers: { host: "localhost" } });
    expect(JSON.parse(dataBlock(menu.body, "shop-stock")!)).toEqual({
      productionUnitId: 3,
      blockedProducts: [{ productId: 9 }],
      blockedChoices: [{ choiceId: 4 }],
    });
    for (const url of ["/", "/checkout", "/payment/1"]) {
      const page = await app.inject({ method: "GET", url, headers: { host: "localhost" } });
      expect(dataBlock(page.body, "shop-stock"), url).toBeUndefined();
    }
  });

  test("a host without a module gets the page without data (the app asks and shows /notfound)", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "unknown.example" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("application/json");
    expect(page.body).not.toContain("preload");
  });

  test("each host has its own page and ETag, the same for every request of that host and kind of page", async () => {
    const a1 = await app.inject({ method: "GET", url: "/payment/1", headers: { host: "localhost" } });
    const a2 = await app.inject({ method: "GET", url: "/confirmation", headers: { host: "localhost" } });
    const other = await app.inject({ method: "GET", url: "/payment/1", headers: { host: "unknown.example" } });
    expect(a2.body).toBe(a1.body);
    expect(a2.headers.etag).toBe(a1.headers.etag);
    expect(other.headers.etag).not.toBe(a1.headers.etag);
  });
});

describe("the shop's name and picture in the page's head", () => {
  test("/terms answers 200 with the restaurant's name in the tab title, escaped", async () => {
    const page = await app.inject({ method: "GET", url: "/terms", headers: { host: "localhost" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Handelsbetingelser · Bistro &lt;Nørrebro&gt;</title>");
  });

  test("every other page's title names the restaurant too; the logo is the icon and, absolute, the shared picture", async () => {
    for (const url of ["/", "/menu/1", "/checkout", "/notfound"]) {
      const page = await app.inject({ method: "GET", url, headers: { host: "localhost:3000" } });
      expect(page.body, url).toContain("<title>Bestil online · Bistro &lt;Nørrebro&gt;</title>");
      expect(page.body, url).toContain('<meta property="og:image" content="http://localhost:3000/images/logo.svg">');
      expect(page.body, url).toContain('<link rel="icon" href="/images/logo.svg">');
    }
  });

  test("a Host header that is not a plain host and port is not echoed into the page", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: 'localhost:3000"><x' } });
    expect(page.body).not.toContain("<x");
  });

  test("a host without a module keeps index.html's own title", async () => {
    const page = await app.inject({ method: "GET", url: "/terms", headers: { host: "unknown.example" } });
    expect(page.body).toContain("<title>shop</title>");
  });
});

describe("the host's data and the database's changes", () => {
  test("a page is rebuilt once the change feed moves, and every time while it is not live", async () => {
    const feed = scriptedChangeFeed();
    let categoryImage = "/images/before.svg";
    const changingApi = fakeApiWith(() => [{ id: 1, imageUrl: categoryImage, products: [{ productId: 9 }] }]);
    const own = Fastify();
    registerErrorHandler(own);
    await own.register(changingApi, { prefix: "/api" });
    await registerStorefront(own, dist, feed);
    await own.ready();
    const imageInPage = async () => {
      const page = await own.inject({ method: "GET", url: "/", headers: { host: "localhost" } });
      return JSON.parse(dataBlock(page.body, "shop-catalogue")!).categories[0].imageUrl;
    };
    try {
      expect(await imageInPage()).toBe("/images/before.svg");
      categoryImage = "/images/after.svg";
      expect(await imageInPage(), "nothing notified: the page is reused").toBe("/images/before.svg");
      feed.generation++;
      expect(await imageInPage(), "a change notified: the next page has it").toBe("/images/after.svg");
      feed.live = false;
      categoryImage = "/images/while-not-listening.svg";
      expect(await imageInPage(), "the feed is not live: every page is built afresh").toBe(
        "/images/while-not-listening.svg",
      );
    } finally {
      await own.close();
    }
  });
});

describe("a new build under the running server", () => {
  test("pages read after it name the new build's files, not the deleted ones", async () => {
    const index = join(dist, "index.html");
    const before = readFileSync(index, "utf8");
    writeFileSync(index, before.replace("<title>shop</title>", "<title>rebuilt</title>"));
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    try {
      const page = await app.inject({ method: "GET", url: "/", headers: { host: "after-build.example" } });
      expect(page.body).toContain("<title>rebuilt</title>");
    } finally {
      writeFileSync(index, before);
    }
  });
});

describe("route hints", () => {
  test("a menu page preloads its route's own chunks and styles, not what the entry loads anyway", async () => {
    const page = await app.inject({ method: "GET", url: "/menu/4", headers: { host: "localhost" } });
    const links = [...page.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="(\/assets\/[^"]+)"/g)];
    expect(links.map((m) => m[2])).toEqual([
      "/assets/da-DK-Xy_1.json",
      "/assets/menu-page-3.js",
      "/assets/cards-2.js",
      "/assets/cards-2.css",
    ]);
  });

  test("/checkout runs its early-reads entry, asked for before the app's files and after the data blocks it reads", async () => {
    const page = await app.inject({ method: "GET", url: "/checkout", headers: { host: "localhost" } });
    const early = page.body.indexOf('<script type="module" async crossorigin src="/assets/early-reads-5.js"></script>');
    expect(early).toBeGreaterThan(page.body.indexOf('id="shop-module"'));
    expect(early).toBeGreaterThan(page.body.indexOf('id="shop-languages"'));
    expect(early).toBeLessThan(page.body.indexOf("<title>"));
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/checkout-page-4.js">');
    for (const url of ["/", "/menu/1"]) {
      const other = await app.inject({ method: "GET", url, headers: { host: "localhost" } });
      expect(other.body, url).not.toContain("early-reads");
    }
  });

  test("every page of a shop runs the date-formats entry, asked for before the app's files", async () => {
    const script = '<script type="module" async crossorigin src="/assets/early-date-formats-6.js"></script>';
    for (const url of ["/", "/menu/1", "/precheckout", "/checkout", "/order/1"]) {
      const page = await app.inject({ method: "GET", url, headers: { host: "localhost" } });
      expect(page.body.split(script).length - 1, url).toBe(1);
      expect(page.body.indexOf(script), url).toBeLessThan(page.body.indexOf("<title>"));
    }
    const checkout = await app.inject({ method: "GET", url: "/checkout", headers: { host: "localhost" } });
    expect(checkout.body.indexOf(script)).toBeLessThan(checkout.body.indexOf("early-reads-5.js"));
  });

  test("a hinted route the build has no chunk for is named, and its page goes out without route hints", async () => {
    expect(routesWithoutChunk(dist)).toEqual(["route-precheckout"]);
    const page = await app.inject({ method: "GET", url: "/precheckout", headers: { host: "localhost" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("modulepreload");
  });

  test("the front page preloads its band's chunk (not the entry's) and its first tiles' pictures", async () => {
    const page = await app.inject({ method: "GET", url: "/", headers: { host: "localhost" } });
    expect(page.body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/front-band-7.js">',
    ]);
    expect(page.body).toContain('<link rel="preload" as="image" href="/images/burgers.svg">');
  });
});

describe("files", () => {
  test("fingerprinted assets are cached for a year", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("files without a fingerprint are revalidated", async () => {
    const res = await app.inject({ method: "GET", url: "/images/logo.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  test("the build's .br and .gz files are found through their file's route, not routes of their own", () => {
    expect(app.hasRoute({ method: "GET", url: "/assets/index-abc123.js" })).toBe(true);
    expect(app.hasRoute({ method: "GET", url: "/assets/index-abc123.js.br" })).toBe(false);
  });

  test("an asset goes as the build's brotli or gzip file by Accept-Encoding, with its own type", async () => {
    const cases = [
      { accept: "gzip, deflate, br", encoding: "br", unpack: brotliDecompressSync },
      { accept: "gzip", encoding: "gzip", unpack: gunzipSync },
      { accept: "identity", encoding: undefined, unpack: (b: Buffer) => b },
    ];
    for (const { accept, encoding, unpack } of cases) {
      const res = await app.inject({
        method: "GET",
        url: "/assets/index-abc123.js",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers["content-type"], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary, accept).toBe("Accept-Encoding");
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(unpack(res.rawPayload).toString(), accept).toBe(SCRIPT);
    }
  });
});

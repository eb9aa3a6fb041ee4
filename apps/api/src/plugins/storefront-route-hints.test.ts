import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createRouteHints, HINTED_ROUTES, routesWithoutChunk } from "./storefront-route-hints";

const storefront = fileURLToPath(new URL("../../../storefront", import.meta.url));
let dist: string;

// The storefront as `npm run build` makes it, into a directory of this test's own.
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "storefront-build-"));
  await build({
    root: storefront,
    configFile: join(storefront, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir: dist, emptyOutDir: true },
  });
}, 120_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

test("every route the server hints has a chunk in the storefront's built manifest", () => {
  expect(routesWithoutChunk(dist)).toEqual([]);
});

test("each hinted route's page preloads its own chunk, and /checkout runs the early reads", () => {
  const hints = createRouteHints(dist);
  for (const { chunk } of HINTED_ROUTES) expect(hints(chunk).preloads, chunk).toContain('rel="modulepreload"');
  expect(hints("route-checkout").early).toMatch(/src="\/assets\/early-reads-[^"]+\.js"/);
  expect(hints("").first).toMatch(/src="\/assets\/early-date-formats-[^"]+\.js"/);
});

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The code-split pages of the storefront (apps/storefront/src/app/routes.tsx) by path. Their chunks load
 * only once the entry has run; hinted in the page, they download alongside it. `early` is an entry of its own
 * that the page runs beside the app (/checkout: apps/storefront/src/early-reads.ts, the guest's first reads).
 */
const ROUTE_MODULES: { test: RegExp; module: string; early?: string }[] = [
  { test: /^\/menu\/[^/]+$/, module: "src/app/routes/menu-page.tsx" },
  { test: /^\/precheckout$/, module: "src/app/routes/precheckout-page.tsx" },
  { test: /^\/checkout$/, module: "src/app/routes/checkout-page.tsx", early: "src/early-reads.ts" },
];

/**
 * The routes whose loader reads the sold-out lists on arrival: their page carries them (storefront-boot-data.ts),
 * so the first paint waits for no API call. Other pages leave them out: read later, they would be old.
 */
const STOCK_READING_MODULES = new Set(["src/app/routes/menu-page.tsx", "src/app/routes/precheckout-page.tsx"]);

export function readsStockFirst(kind: string): boolean {
  return STOCK_READING_MODULES.has(kind);
}

/** The front page: no route chunk, but its first category tiles' pictures are worth preloading. */
export const FRONT_PAGE_KIND = "front";

/** The front page's hints: the pictures of its first tiles. */
export function frontPageHints(catalogue: string | null): RouteHints {
  return { early: "", preloads: tileImageHints(catalogue) };
}

/** Which kind of page a path is, for the hints: the route module, the front page, or "" (nothing to hint). */
export function routeKind(path: string): string {
  if (path === "/") return FRONT_PAGE_KIND;
  return ROUTE_MODULES.find((route) => route.test.test(path))?.module ?? "";
}

/** How many tiles a phone shows before scrolling (two rows of two): their pictures hold its largest paint. */
const TILES_ABOVE_THE_FOLD = 4;

/**
 * Preloads of the pictures of the first category tiles, from the embedded catalogue: otherwise they start
 * only once the app has rendered the tiles. Only the shop's own files (the CSP allows no other images).
 */
function tileImageHints(catalogue: string | null): string {
  if (!catalogue) return "";
  const { categories } = JSON.parse(catalogue) as { categories: { imageUrl?: string | null }[] };
  return categories
    .map((category) => category.imageUrl ?? "")
    .filter((url) => url.startsWith("/") && !url.startsWith("//"))
    .slice(0, TILES_ABOVE_THE_FOLD)
    .map((url) => `<link rel="preload" as="image" href="${url.replaceAll('"', "&quot;")}">`)
    .join("");
}

/** What a kind of page adds to index.html: `early` first in its head, `preloads` at the end of it. */
export type RouteHints = { early: string; preloads: string };

const NO_HINTS: RouteHints = { early: "", preloads: "" };

/**
 * The `<link>`s that preload a route's own chunks and styles (what the entry preloads already left out),
 * and the route's early script, from the build's manifest (vite `build.manifest`). No manifest: no hints,
 * the page works as before.
 */
export function createRouteHints(dist: string): (kind: string) => RouteHints {
  const path = join(dist, ".vite/manifest.json");
  const manifest: Manifest = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  const inEntry = new Set(closure(manifest, "index.html"));
  const hints = new Map<string, RouteHints>();
  for (const { module, early } of ROUTE_MODULES) {
    if (!manifest[module]) continue;
    const keys = closure(manifest, module).filter((key) => !inEntry.has(key));
    const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const styles = keys
      .flatMap((key) => manifest[key]!.css ?? [])
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    // Async and asked for first: it runs as soon as it has arrived, long before the app's bundle.
    const earlyFile = early ? manifest[early]?.file : undefined;
    hints.set(module, {
      early: earlyFile ? `<script type="module" async crossorigin src="/${earlyFile}"></script>` : "",
      preloads: [...scripts, ...styles].join(""),
    });
  }
  return (kind) => hints.get(kind) ?? NO_HINTS;
}

/** A manifest entry and, transitively, what it imports statically. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return [...seen];
}

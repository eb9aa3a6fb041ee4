import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The code-split pages of the storefront (apps/storefront/src/app/routes.tsx) by path. Their chunks load
 * only once the entry has run; hinted in the page, they download alongside it. `early` is an entry of its own
 * that the page runs beside the app, reading the page's data blocks (/checkout: apps/storefront/src/early-reads.ts,
 * the guest's first reads).
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

/**
 * The entry every page runs beside the app, reading nothing: it starts ICU's date formats while the app downloads
 * (apps/storefront/src/early-date-formats.ts).
 */
const DATE_FORMATS_ENTRY = "src/early-date-formats.ts";

/** The front page's hints: the pictures of its first tiles, besides what every page has (`everyPage`). */
export function frontPageHints(catalogue: string | null, everyPage: RouteHints): RouteHints {
  return { ...everyPage, preloads: tileImageHints(catalogue) };
}

/** Which kind of page a path is, for the hints: the route module, the front page, or "" (what every page has). */
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

/**
 * What a kind of page adds to index.html: `first` (scripts that read nothing) and `early` (scripts that read
 * the page's data blocks) at the start of its head, `preloads` at the end of it.
 */
export type RouteHints = { first: string; early: string; preloads: string };

/**
 * The `<link>`s that preload a route's own chunks and styles (what the entry preloads already left out), the
 * route's early script and the script every page runs first, from the build's manifest (vite `build.manifest`).
 * No manifest: no hints, the page works as before.
 */
export function createRouteHints(dist: string): (kind: string) => RouteHints {
  const path = join(dist, ".vite/manifest.json");
  const manifest: Manifest = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  const inEntry = new Set(closure(manifest, "index.html"));
  const everyPage: RouteHints = { first: asyncScript(manifest[DATE_FORMATS_ENTRY]?.file), early: "", preloads: "" };
  const hints = new Map<string, RouteHints>();
  for (const { module, early } of ROUTE_MODULES) {
    if (!manifest[module]) continue;
    const keys = closure(manifest, module).filter((key) => !inEntry.has(key));
    const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    const styles = keys
      .flatMap((key) => manifest[key]!.css ?? [])
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    hints.set(module, {
      ...everyPage,
      early: asyncScript(early ? manifest[early]?.file : undefined),
      preloads: [...scripts, ...styles].join(""),
    });
  }
  return (kind) => hints.get(kind) ?? everyPage;
}

/** Async and asked for first in the page: it runs as soon as it has arrived, long before the app's bundle. */
function asyncScript(file: string | undefined): string {
  return file ? `<script type="module" async crossorigin src="/${file}"></script>` : "";
}

/** A manifest entry and, transitively, what it imports statically. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return [...seen];
}

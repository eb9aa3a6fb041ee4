import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EARLY_ENTRIES, ROUTE_CHUNKS, type RouteChunkName } from "@app/contracts";
import { TERMS_PAGE_KIND } from "./storefront-head";

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;
/** The storefront build's `.vite/route-chunks.json` (apps/storefront/build/route-chunks.ts): route chunk → manifest key. */
type RouteChunkKeys = Partial<Record<RouteChunkName, string>>;

/** Where the storefront build names its route chunks, beside Vite's manifest. */
export const ROUTE_CHUNKS_FILE = ".vite/route-chunks.json";

/**
 * The code-split pages of the storefront by path, each named by its route chunk (@app/contracts ROUTE_CHUNKS;
 * the storefront's build says which chunk that is). Their chunks load only once the entry has run; hinted in
 * the page, they download alongside it. `early` is an entry of its own that the page runs beside the app,
 * reading the page's data blocks (/checkout: the guest's first reads).
 */
export const HINTED_ROUTES: readonly { test: RegExp; chunk: RouteChunkName; early?: string }[] = [
  { test: /^\/$/, chunk: ROUTE_CHUNKS.front },
  { test: /^\/menu\/[^/]+$/, chunk: ROUTE_CHUNKS.menu },
  { test: /^\/precheckout$/, chunk: ROUTE_CHUNKS.precheckout },
  { test: /^\/checkout$/, chunk: ROUTE_CHUNKS.checkout, early: EARLY_ENTRIES.reads },
];

/**
 * The routes whose loader reads the sold-out lists on arrival: their page carries them (storefront-boot-data.ts),
 * so the first paint waits for no API call. Other pages leave them out: read later, they would be old.
 */
const STOCK_READING_ROUTES = new Set<string>([ROUTE_CHUNKS.menu, ROUTE_CHUNKS.precheckout]);

export function readsStockFirst(kind: string): boolean {
  return STOCK_READING_ROUTES.has(kind);
}

/** The front page: its band's chunk, and its first category tiles' pictures are worth preloading too. */
export const FRONT_PAGE_KIND: string = ROUTE_CHUNKS.front;

/** The front page's hints: the pictures of its first tiles, besides its chunk's (`pageHints`). */
export function frontPageHints(catalogue: string | null, pageHints: RouteHints): RouteHints {
  return { ...pageHints, preloads: `${pageHints.preloads}${tileImageHints(catalogue)}` };
}

/**
 * Which kind of page a path is, for the hints and the title: the route chunk (the front page's among them), the
 * terms page, or "" (what every page has).
 */
export function routeKind(path: string): string {
  if (path === "/terms") return TERMS_PAGE_KIND;
  return HINTED_ROUTES.find((route) => route.test.test(path))?.chunk ?? "";
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
 * route's early script and the script every page runs first (the date formats), from the build's manifest
 * (vite `build.manifest`) and its route chunk names. No manifest: no hints, the page works as before.
 */
export function createRouteHints(dist: string): (kind: string) => RouteHints {
  const { manifest, routeKeys } = readBuild(dist);
  const inEntry = new Set(closure(manifest, "index.html"));
  const everyPage: RouteHints = {
    first: asyncScript(entryFile(manifest, EARLY_ENTRIES.dateFormats)),
    early: "",
    preloads: "",
  };
  const hints = new Map<string, RouteHints>();
  for (const { chunk, early } of HINTED_ROUTES) {
    const key = routeKeys[chunk];
    if (!key || !manifest[key]) continue;
    const keys = closure(manifest, key).filter((imported) => !inEntry.has(imported));
    const scripts = keys.map(
      (imported) => `<link rel="modulepreload" crossorigin href="/${manifest[imported]!.file}">`,
    );
    const styles = keys
      .flatMap((imported) => manifest[imported]!.css ?? [])
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    hints.set(chunk, {
      ...everyPage,
      early: asyncScript(early ? entryFile(manifest, early) : undefined),
      preloads: [...scripts, ...styles].join(""),
    });
  }
  return (kind) => hints.get(kind) ?? everyPage;
}

/** The hinted routes the build in `dist` has no chunk for (a storefront change the server would not see). */
export function routesWithoutChunk(dist: string): RouteChunkName[] {
  const { manifest, routeKeys } = readBuild(dist);
  return HINTED_ROUTES.map((route) => route.chunk).filter((chunk) => {
    const key = routeKeys[chunk];
    return !key || !manifest[key];
  });
}

function readBuild(dist: string): { manifest: Manifest; routeKeys: RouteChunkKeys } {
  const read = <T>(file: string): T | undefined =>
    existsSync(join(dist, file)) ? (JSON.parse(readFileSync(join(dist, file), "utf8")) as T) : undefined;
  return {
    manifest: read<Manifest>(".vite/manifest.json") ?? {},
    routeKeys: read<RouteChunkKeys>(ROUTE_CHUNKS_FILE) ?? {},
  };
}

/** The file of the build's entry named `name` (a named input of the storefront's build). */
function entryFile(manifest: Manifest, name: string): string | undefined {
  return Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === name)?.file;
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

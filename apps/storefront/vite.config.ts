import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
// A relative path: Vite bundles the config with its relative imports, but loads a package's TypeScript as is.
import { EARLY_ENTRIES, ROUTE_CHUNKS } from "../../packages/contracts/src/storefront-boot.ts";
import { precompress } from "./build/precompress.ts";
import { routeChunks } from "./build/route-chunks.ts";

/** React and its scheduler: the same in every release of the app, so the browser keeps them cached too. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * The modules /checkout's first view shares with other pages (the cart lines, the checkout's and the payment's
 * calls, the totals): one file instead of five of under 1.5 KB each (decision 017).
 */
const CHECKOUT_SHARED = [
  /src[\\/]features[\\/](?:checkout|payment)[\\/]api[\\/]/,
  /src[\\/]features[\\/]basket[\\/]components[\\/]cart-lines\.tsx$/,
  /src[\\/]features[\\/]basket[\\/]hooks[\\/]use-focus-when-emptied\.ts$/,
  /packages[\\/]domain[\\/]src[\\/]totals\.ts$/,
];
/** The quantity buttons: the cart lines need them, but so does /menu's first load, which has no room for the rest. */
const COUNTER = /src[\\/]components[\\/]ui[\\/]counter\.tsx$/;
/** The small entries a page runs beside the app (src/early-reads.ts, src/early-date-formats.ts). */
const EARLY_ENTRY = /[\\/]src[\\/]early-[a-z-]+\.ts$/;

/** The lazily loaded route modules the server hints, by the name it knows them by (src/app/routes.tsx imports them). */
const ROUTE_MODULES = {
  [ROUTE_CHUNKS.front]: "src/app/routes/front-page-band.tsx",
  [ROUTE_CHUNKS.menu]: "src/app/routes/menu-page.tsx",
  [ROUTE_CHUNKS.precheckout]: "src/app/routes/precheckout-page.tsx",
  [ROUTE_CHUNKS.checkout]: "src/app/routes/checkout-page.tsx",
};

/** react-router's `dist/production/index.mjs`; the build fails if a release moves it (no silent fallback). */
function reactRouterProductionBuild(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
  const file = join(packageDir, "dist", "production", "index.mjs");
  if (!existsSync(file)) throw new Error(`react-router's production build is not at ${file}: update vite.config.ts`);
  return file;
}

// In `npm run dev` the API runs on API_PORT and Vite serves the storefront with hot reload on PORT.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), routeChunks(ROUTE_MODULES), precompress()],
  resolve: {
    alias: {
      // React 19 has the hook; the package's shim would ship its fallback for React 17 in the first load.
      // React Router's package points every import at its development build (its warnings on); the
      // production build beside it differs only in `ENABLE_DEV_WARNINGS = false` (~0.6 KB gzip less).
      // `npm run dev` keeps the warnings.
      ...(command === "build" ? { "react-router": reactRouterProductionBuild() } : {}),
      "use-sync-external-store/shim": fileURLToPath(
        new URL("./src/lib/react-use-sync-external-store.ts", import.meta.url),
      ),
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": apiTarget, "/static": apiTarget },
  },
  build: {
    outDir: "dist",
    // Maps are still written next to each chunk (for decoding a reported stack), but the chunks do not
    // name them: every browser would otherwise download that comment in the first-load budget for nothing.
    sourcemap: "hidden",
    // Every browser we serve knows <link rel="modulepreload"> (Safari 17, Firefox 115); one that does not
    // still loads the chunks on import. Saves the polyfill in the first-load JavaScript.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks and styles each route module needs, so the server can preload
    // the route's own files in the page it sends for that path (apps/api/src/plugins/storefront-route-hints.ts).
    manifest: true,
    // The message files are fetched (src/lib/fetch-locale.ts); a data: URL would break `connect-src 'self'`.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rolldownOptions: {
      // The app, and the small entries pages run beside it: every page src/early-date-formats.ts, the
      // /checkout page src/early-reads.ts.
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        [EARLY_ENTRIES.reads]: fileURLToPath(new URL("./src/early-reads.ts", import.meta.url)),
        [EARLY_ENTRIES.dateFormats]: fileURLToPath(new URL("./src/early-date-formats.ts", import.meta.url)),
      },
      // The first load in two scripts of about the same size (br: React ~58 KB, the rest ~55 KB), plus
      // Rolldown's 0.4 KB runtime, which groups cannot place; automatic splitting made six files of it (eight
      // on /menu/{id}) out of modules the entry shares with the lazy routes. On Lighthouse's throttled phone
      // the files share one slow link, and the end of the largest script's download is on the largest
      // paint's critical chain (decision 017). Only modules of the first load (`$initial`) go to these two:
      // what the routes import lazily stays in their own chunks, apart from the files /checkout's first view
      // would otherwise fetch beside the bundle (Lantern gives every request in flight an equal share of the
      // link, so each small file slows the bundle for a round trip).
      output: {
        codeSplitting: {
          // Highest priority first; a group also takes what its modules import that no earlier group took.
          groups: [
            { name: "vendor", test: REACT, tags: ["$initial"], priority: 4 },
            // The early entries stay files of their own that import nothing (decision 016).
            { name: "index", test: (id) => !EARLY_ENTRY.test(id), tags: ["$initial"], priority: 3 },
            { name: "counter", test: COUNTER, priority: 2 },
            { name: "checkout-shared", test: (id) => CHECKOUT_SHARED.some((module) => module.test(id)), priority: 1 },
          ],
        },
      },
    },
  },
}));

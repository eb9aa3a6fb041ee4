import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
// A relative path: Vite bundles the config with its relative imports. The same .br/.gz files as the storefront's.
import { precompress } from "../storefront/build/precompress.ts";

// In `npm run dev` the API runs on API_PORT and Vite serves the back office with hot reload on BACKOFFICE_PORT.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * The back office: its own bundle under /admin/ (the server serves dist/ there, apps/api/src/plugins/backoffice.ts),
 * so nothing of it reaches the storefront's first load.
 */
export default defineConfig({
  base: "/admin/",
  plugins: [react(), precompress()],
  server: {
    port: Number(process.env.BACKOFFICE_PORT ?? 3002),
    proxy: { "/api": apiTarget, "/images": apiTarget },
  },
  build: {
    outDir: "dist",
    sourcemap: "hidden",
    modulePreload: { polyfill: false },
    // The message files are imported as JSON chunks; a data: URL would break the CSP's `connect-src 'self'`.
    // The alert sounds likewise: the CSP allows media from the server only (default-src 'self')
    assetsInlineLimit: (file) => (file.endsWith(".json") || file.endsWith(".wav") ? false : undefined),
  },
});

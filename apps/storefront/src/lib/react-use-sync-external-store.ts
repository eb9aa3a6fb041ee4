/**
 * Stands in for `use-sync-external-store/shim` (react-i18next imports it) in the build: on React 18 and later
 * that package only hands back React's own hook, yet ships its fallback for older Reacts into the first load
 * (~0.25 KB gzip). vite.config.ts points the shim's import here. https://www.npmjs.com/package/use-sync-external-store
 */
export { useSyncExternalStore } from "react";

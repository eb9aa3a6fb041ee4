import { relative } from "node:path";
import type { Plugin } from "vite";

/** The file the build writes beside Vite's manifest: route chunk name → the route's key in the manifest. */
export const ROUTE_CHUNKS_FILE = ".vite/route-chunks.json";

/**
 * Names the code-split route modules for the server: it preloads a route's chunks in the page it sends for
 * the route's paths (apps/api/src/plugins/storefront-route-hints.ts), and knows routes by these names
 * (@app/contracts ROUTE_CHUNKS), never by the storefront's file names. A route module that is no chunk of
 * its own (renamed, moved, no longer lazy) fails the build here instead of quietly losing its hints.
 */
export function routeChunks(routes: Readonly<Record<string, string>>): Plugin {
  let root = process.cwd();
  return {
    name: "route-chunks",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const map: Record<string, string> = {};
      for (const [name, module] of Object.entries(routes)) {
        const chunk = chunks.find((c) => c.facadeModuleId !== null && relative(root, c.facadeModuleId) === module);
        if (!chunk) this.error(`route chunk "${name}": ${module} is not a chunk of its own in this build`);
        map[name] = module;
      }
      this.emitFile({ type: "asset", fileName: ROUTE_CHUNKS_FILE, source: `${JSON.stringify(map, null, 2)}\n` });
    },
  };
}

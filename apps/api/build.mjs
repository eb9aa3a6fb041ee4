#!/usr/bin/env node
// Bundles the API (src/server.ts) into dist/server.js, so `npm start` runs compiled JavaScript instead
// of compiling TypeScript on every start with tsx. The workspace packages (@app/*) ship .ts sources,
// so they are bundled; every other package stays external and is loaded from node_modules as usual.
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const apiDir = import.meta.dirname;
export const API_ENTRY = join(apiDir, "src/server.ts");
export const API_BUNDLE = join(apiDir, "dist/server.js");

const rootModules = `${join(apiDir, "../../node_modules")}/`;

/**
 * Bare imports of packages installed at the root (hoisted): left to Node at run time. Our workspace
 * packages (@app/*, .ts sources) are bundled, and so is a package npm installed inside one of them
 * (drizzle-orm in packages/db/node_modules), which Node could not find from dist/.
 */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || args.path.startsWith("@app/")) return undefined;
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const { kind, resolveDir, importer } = args;
      const found = await build.resolve(args.path, { kind, resolveDir, importer, pluginData: { resolving: true } });
      if (found.errors.length > 0 || found.path.startsWith(rootModules)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/**
 * Code that finds files next to its source (packages/db's migrations folder, the storefront's dist)
 * computes them from import.meta.url / import.meta.dirname. Bundled, those would name dist/server.js,
 * so each source file gets them rewritten to its own original location, relative to the bundle: the
 * same paths as under tsx, and still right when the checkout moves.
 */
const keepSourceLocation = {
  name: "keep-source-location",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.")) return { contents: source, loader: "ts" };
      const fromBundle = (target) => relative(dirname(API_BUNDLE), target).split("\\").join("/");
      const fileUrl = `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`;
      const dir = `(import.meta.dirname + ${JSON.stringify(`/${fromBundle(dirname(args.path))}`)})`;
      const contents = source.replaceAll("import.meta.url", fileUrl).replaceAll("import.meta.dirname", dir);
      return { contents, loader: "ts" };
    });
  },
};

export async function buildApi() {
  await build({
    entryPoints: [API_ENTRY],
    outfile: API_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    plugins: [externalPackages, keepSourceLocation],
    logLevel: "warning",
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildApi();

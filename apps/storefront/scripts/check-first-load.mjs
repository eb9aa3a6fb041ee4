#!/usr/bin/env node
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
// The first-load budget of issue 9: the JavaScript a guest downloads before `/` can show (the entry
// chunk plus every chunk it imports statically, gzip) stays within BUDGET_KB. Builds the storefront
// (into dist, as `npm start` serves it), sums the gzip sizes and, over budget, names the biggest modules.
import { gzipSync } from "node:zlib";
import { build } from "vite";

const BUDGET_KB = 135;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const result = await build({ root, logLevel: "warn", configFile: join(root, "vite.config.ts") });
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const chunks = new Map(outputs.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
// The app's entry (index.html), and the entry every page runs beside it; src/early-reads.ts is an entry of its
// own too, loaded by the /checkout page only.
const entryOf = (file) => {
  const chunk = [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith(file));
  if (!chunk) throw new Error(`no entry chunk for ${file} in the build`);
  return chunk;
};
const entry = entryOf("index.html");
const dateFormats = entryOf("src/early-date-formats.ts");

// A page's first load: the entry and, transitively, what it imports statically, plus the chunk the page's HTML
// preloads (a lazily loaded route, the front page's band) and what that imports (other dynamic imports load
// later, on navigation).
const closure = (roots) => {
  const files = [];
  const seen = new Set();
  const visit = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    files.push(chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const fileName of roots) visit(fileName);
  return files;
};
const routeChunk = (routeFile) => {
  const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(routeFile));
  if (!chunk) throw new Error(`no chunk for ${routeFile} in the build`);
  return chunk.fileName;
};
const pages = [
  {
    path: "/",
    chunks: closure([dateFormats.fileName, entry.fileName, routeChunk("src/app/routes/front-page-band.tsx")]),
  },
  {
    path: "/menu/{id}",
    chunks: closure([dateFormats.fileName, entry.fileName, routeChunk("src/app/routes/menu-page.tsx")]),
  },
];

// Level 9 and no timestamps: the same build gives the same figure.
const gzipBytes = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(2);

let over = false;
for (const page of pages) {
  const total = page.chunks.reduce((sum, chunk) => sum + gzipBytes(chunk.code), 0);
  console.log(`First-load JavaScript of ${page.path}: ${kb(total)} KB gzip (budget ${BUDGET_KB} KB)`);
  for (const chunk of page.chunks) console.log(`  ${chunk.fileName}: ${kb(gzipBytes(chunk.code))} KB`);
  if (total > BUDGET_KB * 1024) {
    over = true;
    reportBiggest(page, total);
  }
}
if (over) process.exit(1);

function reportBiggest(page, total) {
  const firstLoad = page.chunks;
  const modules = firstLoad
    .flatMap((chunk) => Object.entries(chunk.modules ?? {}))
    .map(([id, info]) => ({ id: relative(root, id.replace(/^\0/, "")), size: info.renderedLength ?? 0 }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 15);
  console.error(
    `\nOver budget by ${kb(total - BUDGET_KB * 1024)} KB. Biggest modules (as rendered into the chunks, before minifying and gzip):`,
  );
  for (const m of modules) console.error(`  ${kb(m.size).padStart(7)} KB  ${m.id}`);
}

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images and fonts are compressed already. Source maps only reach devtools. */
const COMPRESSIBLE = new Set([".js", ".css", ".json", ".svg", ".html", ".txt", ".webmanifest"]);

/**
 * Writes `name.br` and `name.gz` next to every compressible file of the build, at the highest levels:
 * the server sends them as they are (@fastify/static `preCompressed`), so no request pays for compression.
 * A variant that would not be smaller is not written (the server then sends the plain file).
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) compressFile(file);
    },
  };
}

export function compressFile(file: string): void {
  if (!COMPRESSIBLE.has(extname(file))) return;
  const plain = readFileSync(file);
  const brotli = brotliCompressSync(plain, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
  });
  const gzip = gzipSync(plain, { level: 9 });
  if (brotli.length < plain.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < plain.length) writeFileSync(`${file}.gz`, gzip);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

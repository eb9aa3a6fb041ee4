import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, test } from "vitest";
import { compressFile } from "./precompress";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a script gets brotli and gzip variants that unpack to the same bytes", () => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
  const file = join(dir, "index-abc.js");
  const text = "console.log('shop');\n".repeat(200);
  writeFileSync(file, text);
  compressFile(file);
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
});

test("images and source maps are left alone, and a file too small to shrink gets no variant", () => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
  for (const name of ["photo.jpg", "index.js.map", "tiny.js"]) {
    writeFileSync(join(dir, name), name === "tiny.js" ? "1" : "x".repeat(1000));
    compressFile(join(dir, name));
    expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
    expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
  }
});

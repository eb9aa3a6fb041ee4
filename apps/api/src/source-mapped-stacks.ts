/**
 * Stack traces of the compiled API name the TypeScript sources, as `--enable-source-maps` would, without
 * Node's source-map mode (issue 12, decision 020).
 *
 * With source maps enabled while modules load, Node reads the map of every module that names one (the
 * bundle's, pg-protocol's, …). On PostgreSQL, 11 of 13 API processes then spent about a third more CPU on
 * every answer for their whole life, most of it in `process.nextTick` building its tick object through
 * V8's runtime instead of compiled code; with the same source maps enabled only after loading, 3 of 3 did
 * not. So the bundle's map is read here, on the first stack trace asked for (an error being logged), and
 * nothing else changes until then.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

type Position = { file: string; line: number; column: number };

/**
 * Makes every stack trace name the original source of each frame whose file has a source map beside it
 * (`<file>.map`, as esbuild writes it). Does nothing when Node already maps stacks (`--enable-source-maps`,
 * tsx).
 */
export function mapStackTracesToSources(): void {
  if (process.sourceMapsEnabled) return;
  const maps = new SourceMapsBeside();
  Error.prepareStackTrace = (error, callSites) =>
    [headerOf(error), ...callSites.map((site) => `    at ${mappedFrame(site, maps)}`)].join("\n");
}

function headerOf(error: Error): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return "<error>";
  }
}

function mappedFrame(site: NodeJS.CallSite, maps: SourceMapsBeside): string {
  const frame = site.toString();
  const file = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!file || line === null || column === null) return frame;
  const original = maps.originalOf({ file, line, column });
  if (!original) return frame;
  return frame.replace(`${file}:${line}:${column}`, `${original.file}:${original.line}:${original.column}`);
}

/** The source maps found beside frames' files, read once each, on the first frame that needs one. */
class SourceMapsBeside {
  private readonly byFile = new Map<string, { map: SourceMap; dir: string } | null>();

  originalOf({ file, line, column }: Position): Position | undefined {
    const found = this.mapOf(file);
    if (!found) return undefined;
    // Stack positions count from 1; a source map's from 0.
    const entry = found.map.findEntry(line - 1, column - 1);
    if (!("originalSource" in entry)) return undefined;
    return {
      file: resolve(found.dir, entry.originalSource),
      line: entry.originalLine + 1,
      column: entry.originalColumn + 1,
    };
  }

  private mapOf(file: string) {
    if (!this.byFile.has(file)) this.byFile.set(file, readMapBeside(file));
    return this.byFile.get(file) ?? null;
  }
}

function readMapBeside(file: string): { map: SourceMap; dir: string } | null {
  const path = file.startsWith("file:") ? fileURLToPath(file) : file;
  if (!path.endsWith(".js") || path.includes("/node_modules/") || !existsSync(`${path}.map`)) return null;
  try {
    return { map: new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))), dir: dirname(path) };
  } catch {
    return null; // an unreadable map leaves the frame as it is
  }
}

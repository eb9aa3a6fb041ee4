// Where a process's CPU went, from a V8 CPU profile (`node --cpu-prof`), within given windows of time:
// self time grouped by what ran it (PostgreSQL's WebAssembly, a package, one of our workspaces, Node,
// the garbage collector, idle). The API runs as one bundle (apps/api/dist/server.js); its frames are
// mapped back to their sources through the bundle's source map, so packages/db, packages/domain and the
// API's own modules show apart. The windows are process.hrtime microseconds: V8's profile clock is the
// same monotonic clock, in every process of the machine.
import { readdirSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Self time by part within `windows` ([{ fromUs, untilUs }], all of the profile when none), summed over the
 * profiles of several processes ([{ profile, locate }], as readProfile answers them):
 * { totalMs, parts: [{ part, ms, share }] } from the largest part down.
 */
export function summarizeProfiles(profiles, { windows = [] } = {}) {
  const inWindow = (us) => windows.length === 0 || windows.some((w) => us >= w.fromUs && us < w.untilUs);
  const microsByPart = new Map();
  let totalUs = 0;
  for (const { profile, locate } of profiles) {
    const partOfNode = new Map(profile.nodes.map((node) => [node.id, partOf(node.callFrame, locate)]));
    let at = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      at += profile.timeDeltas[i];
      // A sample stands for the time until the next one (the last one: until the profile ends).
      const lasted = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : profile.endTime - at;
      const part = partOfNode.get(profile.samples[i]);
      if (!inWindow(at) || !(lasted > 0) || part === null) continue;
      microsByPart.set(part, (microsByPart.get(part) ?? 0) + lasted);
      totalUs += lasted;
    }
  }
  const parts = [...microsByPart]
    .map(([part, us]) => ({ part, ms: us / 1000, share: us / totalUs }))
    .sort((a, b) => b.ms - a.ms);
  return { totalMs: totalUs / 1000, parts };
}

/**
 * Reads a .cpuprofile, with `locate(frame)`: the source file a frame's code came from, through the source map
 * of a bundle (a `.map` beside it), else the frame's own file.
 */
export function readProfile(path) {
  const profile = JSON.parse(readFileSync(path, "utf8"));
  const bundles = new Map();
  for (const url of new Set(profile.nodes.map((node) => node.callFrame.url))) {
    if (!url.startsWith("file://") || !url.endsWith(".js")) continue;
    const file = fileURLToPath(url);
    try {
      bundles.set(url, { dir: dirname(file), map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))) });
    } catch {
      // No source map: its frames are named by the file itself.
    }
  }
  // Many frames share a source: each is named once.
  const named = new Map();
  const locate = ({ url, lineNumber, columnNumber }) => {
    const bundle = bundles.get(url);
    const source = bundle?.map.findEntry(lineNumber, columnNumber)?.originalSource;
    if (!source) return url;
    const path = resolve(bundle.dir, source);
    if (!named.has(path)) named.set(path, withPackageName(path));
    return named.get(path);
  };
  return { profile, locate };
}

/**
 * A bundled package whose own source map climbs out of its folder (drizzle-orm's name `../src/…` from its
 * package root) lands at `…/node_modules/src/…`: named by the one package installed in that node_modules.
 */
function withPackageName(path) {
  const lost = path.match(/^(.*\/node_modules)\/src\//);
  if (!lost) return path;
  const installed = readdirSync(lost[1]).filter((name) => !name.startsWith("."));
  return installed.length === 1 ? `${lost[1]}/${installed[0]}/${path.slice(lost[1].length + 1)}` : path;
}

/** What a frame belongs to; null for the profile's root, which stands for no time of its own. */
export function partOf(frame, locate = ({ url }) => url) {
  const { functionName, url } = frame;
  if (functionName === "(root)") return null;
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "V8 and native code";
  if (url.startsWith("wasm://")) return "WebAssembly (PGlite's PostgreSQL)";
  if (url === "") return nativePartOf(functionName);
  if (url.startsWith("node:")) return "Node";
  return partOfSource(locate(frame));
}

/** Frames without a file: V8's builtins and Node's C++ bindings, of which socket writes stand out on PostgreSQL. */
function nativePartOf(functionName) {
  if (/^(?:writev|writeBuffer|write\w*String)$/.test(functionName)) return "socket writes (writev, writeBuffer, …)";
  if (functionName.startsWith("RegExp:")) return "regular expressions";
  return "builtins and native bindings (JSON, Buffer, …)";
}

/** A source file's part: the package of node_modules it is in, or our workspace (and API folder). */
export function partOfSource(source) {
  const path = source
    .replace(/^file:\/\//, "")
    .split("\\")
    .join("/");
  const inModules = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)?.at(-1);
  if (inModules) return inModules.slice("node_modules/".length);
  const api = path.match(/apps\/api\/src\/(?:(modules|plugins|shared)\/)?/);
  if (api) return api[1] ? `apps/api ${api[1]}` : "apps/api";
  const workspace = path.match(/(packages|apps|bench|reliability)\/([^/]+)\//);
  return workspace ? `${workspace[1]}/${workspace[2]}` : "other";
}

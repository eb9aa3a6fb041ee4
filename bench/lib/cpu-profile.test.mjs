import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { partOf, partOfSource, readProfile, summarizeProfiles } from "./cpu-profile.mjs";

const frame = (functionName, url = "", lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
  scriptId: "1",
});

/** A profile of `nodes` ([id, callFrame]) sampled as `samples` ([nodeId, µs since the previous sample]). */
function profileOf(nodes, samples, { startTime = 1_000, tail = 0 } = {}) {
  const timeDeltas = samples.map(([, delta]) => delta);
  const endTime = startTime + timeDeltas.reduce((a, b) => a + b, 0) + tail;
  return {
    nodes: nodes.map(([id, callFrame]) => ({ id, callFrame, children: [] })),
    startTime,
    endTime,
    samples: samples.map(([id]) => id),
    timeDeltas,
  };
}

describe("partOf", () => {
  it("names V8's own entries, WebAssembly, builtins and Node", () => {
    expect(partOf(frame("(root)"))).toBeNull();
    expect(partOf(frame("(garbage collector)"))).toBe("GC");
    expect(partOf(frame("(idle)"))).toBe("idle");
    expect(partOf(frame("(program)"))).toBe("V8 and native code");
    expect(partOf(frame("$exec_simple_query", "wasm://wasm/0123abcd"))).toBe("WebAssembly (PGlite's PostgreSQL)");
    expect(partOf(frame("parse"))).toBe("builtins and native bindings (JSON, Buffer, …)");
    expect(partOf(frame("writev"))).toBe("socket writes (writev, writeBuffer, …)");
    expect(partOf(frame("writeUtf8String"))).toBe("socket writes (writev, writeBuffer, …)");
    expect(partOf(frame("RegExp: ^[a-z]+$"))).toBe("regular expressions");
    expect(partOf(frame("writeGeneric", "node:internal/stream_base_commons"))).toBe("Node");
  });

  it("names a file by the package or workspace it belongs to", () => {
    expect(partOfSource("file:///w/node_modules/fastify/lib/route.js")).toBe("fastify");
    expect(partOfSource("/w/node_modules/@electric-sql/pglite/dist/index.js")).toBe("@electric-sql/pglite");
    expect(partOfSource("/w/node_modules/a/node_modules/b/index.js")).toBe("b");
    expect(partOfSource("/w/packages/db/src/reusable-query.ts")).toBe("packages/db");
    expect(partOfSource("/w/apps/api/src/modules/order/place-order.ts")).toBe("apps/api modules");
    expect(partOfSource("/w/apps/api/src/plugins/auth.ts")).toBe("apps/api plugins");
    expect(partOfSource("/w/apps/api/src/app.ts")).toBe("apps/api");
    expect(partOfSource("/somewhere/else.js")).toBe("other");
  });
});

describe("summarizeProfiles", () => {
  const nodes = [
    [1, frame("(root)")],
    [2, frame("(idle)")],
    [3, frame("(garbage collector)")],
    [4, frame("handler", "file:///w/apps/api/src/modules/basket/routes.ts")],
  ];

  // Samples at 1010 (idle), 1040 (gc), 1050 (handler), 1110 (handler); the profile ends at 1130.
  const samples = [
    [2, 10],
    [3, 30],
    [4, 10],
    [4, 60],
  ];
  const profile = profileOf(nodes, samples, { tail: 20 });

  it("gives each sample the time until the next one, by part, largest first", () => {
    const summary = summarizeProfiles([{ profile }]);
    expect(summary.totalMs).toBeCloseTo(0.12);
    expect(summary.parts).toEqual([
      { part: "apps/api modules", ms: 0.08, share: expect.closeTo(0.08 / 0.12, 6) },
      { part: "idle", ms: 0.03, share: expect.closeTo(0.25, 6) },
      { part: "GC", ms: 0.01, share: expect.closeTo(0.01 / 0.12, 6) },
    ]);
  });

  it("counts only the samples taken within the windows", () => {
    const summary = summarizeProfiles([{ profile }], { windows: [{ fromUs: 1_040, untilUs: 1_100 }] });
    expect(summary.parts.map((p) => [p.part, p.ms])).toEqual([
      ["apps/api modules", 0.06],
      ["GC", 0.01],
    ]);
    expect(summarizeProfiles([{ profile }], { windows: [{ fromUs: 5_000, untilUs: 6_000 }] })).toEqual({
      totalMs: 0,
      parts: [],
    });
  });
});

describe("readProfile", () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("maps a bundle's frames to their sources through the bundle's source map", () => {
    dir = mkdtempSync(join(tmpdir(), "cpu-profile-"));
    mkdirSync(join(dir, "apps/api/dist"), { recursive: true });
    mkdirSync(join(dir, "packages/db/node_modules/drizzle-orm"), { recursive: true });
    const bundle = join(dir, "apps/api/dist/server.js");
    writeFileSync(bundle, "a();\nb();\nc();\n");
    // Line 0 from the API's source, line 1 from packages/db, line 2 from drizzle-orm, whose own map names its
    // sources from above its package folder (so they land in packages/db/node_modules/src).
    writeFileSync(
      `${bundle}.map`,
      JSON.stringify({
        version: 3,
        sources: [
          "../src/modules/order/routes.ts",
          "../../../packages/db/src/client.ts",
          "../../../packages/db/node_modules/src/sql/sql.ts",
        ],
        names: [],
        mappings: "AAAA;ACAA;ACAA",
      }),
    );
    const url = pathToFileURL(bundle).href;
    const profilePath = join(dir, "api.cpuprofile");
    writeFileSync(
      profilePath,
      JSON.stringify(
        profileOf(
          [
            [1, frame("(root)")],
            [2, frame("route", url, 0, 0)],
            [3, frame("query", url, 1, 0)],
            [4, frame("build", url, 2, 0)],
          ],
          [
            [2, 10],
            [3, 10],
            [4, 10],
          ],
          { tail: 10 },
        ),
      ),
    );
    expect(summarizeProfiles([readProfile(profilePath)]).parts.map((p) => p.part)).toEqual([
      "apps/api modules",
      "packages/db",
      "drizzle-orm",
    ]);
  });
});

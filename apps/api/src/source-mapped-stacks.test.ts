import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "stacks-"));
const thrower = join(dir, "thrower.ts");
const program = join(dir, "program.ts");
const bundle = join(dir, "dist/program.js");

// A program bundled with its map as apps/api/build.mjs bundles the API; it prints the stack of an error
// thrown on line 3 of thrower.ts (column 9), called from line 5 of program.ts.
beforeAll(async () => {
  writeFileSync(
    thrower,
    [
      "type Order = { id: string };",
      "export function placeOrder(order: Order): never {",
      '  throw new Error("no kitchen for " + order.id);',
      "}",
      "",
    ].join("\n"),
  );
  writeFileSync(
    program,
    [
      `import { mapStackTracesToSources } from ${JSON.stringify(join(import.meta.dirname, "source-mapped-stacks.ts"))};`,
      `import { placeOrder } from "./thrower";`,
      "if (process.env.MAP_STACKS) mapStackTracesToSources();",
      "try {",
      '  placeOrder({ id: "A-17" });',
      "} catch (error) {",
      "  console.log((error as Error).stack);",
      "}",
      "",
    ].join("\n"),
  );
  await build({
    entryPoints: [program],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    sourcemap: true,
    logLevel: "silent",
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function stackOf(nodeArgs: string[], mapStacks: boolean): Promise<string> {
  const env = { ...process.env, MAP_STACKS: mapStacks ? "1" : "", NODE_OPTIONS: "" };
  const { stdout } = await run(process.execPath, [...nodeArgs, bundle], { env });
  return stdout;
}

describe("stack traces of a bundle", () => {
  it("name the TypeScript source, line and column of each of our frames once mapped", async () => {
    const stack = await stackOf([], true);
    expect(stack.split("\n")[0]).toBe("Error: no kitchen for A-17");
    expect(stack).toContain(`at placeOrder (${thrower}:3:9)`);
    expect(stack).toContain(`at ${program}:5:3`);
    expect(stack).not.toContain("dist/program.js");
  });

  it("name the bundle without it", async () => {
    const stack = await stackOf([], false);
    expect(stack).toContain("dist/program.js");
    expect(stack).not.toContain("thrower.ts");
  });

  it("keep Node's own frames as Node writes them", async () => {
    const stack = await stackOf([], true);
    expect(stack).toMatch(/at .*\(node:internal\/[^)]+\)/);
  });

  it("are left to Node when Node maps them itself (--enable-source-maps)", async () => {
    const stack = await stackOf(["--enable-source-maps"], true);
    expect(stack).toContain(`${thrower}:3:9`);
  });
});

import { describe, expect, it } from "vitest";
import { nodeFlagsOf, START_NODE_FLAGS } from "./product.mjs";

describe("nodeFlagsOf", () => {
  it("answers the options between node and the script", () => {
    expect(nodeFlagsOf("node --max-semi-space-size=32 --no-warnings scripts/start.mjs --port 3")).toEqual([
      "--max-semi-space-size=32",
      "--no-warnings",
    ]);
    expect(nodeFlagsOf("node scripts/start.mjs")).toEqual([]);
  });

  it("refuses a start script that does not run node, rather than bench something else", () => {
    expect(() => nodeFlagsOf("tsx apps/api/src/server.ts")).toThrow(/does not run node/);
  });

  it("gives the bench's API processes the heap options `npm start` gives the API", () => {
    expect(START_NODE_FLAGS).toEqual(expect.arrayContaining(["--max-semi-space-size=32", "--no-memory-reducer"]));
  });
});

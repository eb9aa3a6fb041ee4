import { describe, expect, it } from "vitest";
import { resultsFileName } from "./results-file.mjs";

const full = { pg: false, processes: 1, quick: false, partial: false };

describe("resultsFileName", () => {
  it("keeps the full PGlite run and the full PostgreSQL runs apart", () => {
    expect(resultsFileName(full)).toBe("latest.json");
    expect(resultsFileName({ ...full, pg: true })).toBe("latest-pg.json");
    expect(resultsFileName({ ...full, pg: true, processes: 2 })).toBe("latest-pg-2.json");
  });

  it("never lets a partial or quick run replace a full one", () => {
    expect(resultsFileName({ ...full, partial: true })).toBe("partial.json");
    expect(resultsFileName({ ...full, quick: true })).toBe("partial.json");
    expect(resultsFileName({ ...full, pg: true, partial: true })).toBe("partial-pg.json");
  });
});

import { describe, expect, test } from "vitest";
import { normalizeCode } from "./codes";

describe("normalizeCode", () => {
  const cases = [
    { behaviour: "upper-cases", code: "sommer10", normalized: "SOMMER10" },
    { behaviour: "trims surrounding space", code: "  GAVE-500 \t", normalized: "GAVE-500" },
    { behaviour: "keeps inner characters", code: "gave-500", normalized: "GAVE-500" },
    { behaviour: "is idempotent", code: "SOMMER10", normalized: "SOMMER10" },
  ];
  for (const { behaviour, code, normalized } of cases) {
    test(behaviour, () => {
      expect(normalizeCode(code)).toBe(normalized);
    });
  }
});

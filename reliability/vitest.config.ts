import { defineConfig } from "vitest/config";

/**
 * The reliability suite (issue 11): each case attacks the running product from outside, so the
 * files run one after another (several products at once on a 2-core machine would measure the
 * machine, not the product). RELIABILITY_LONG=1 selects the long form's sizes.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["cases/*.test.ts"],
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 3 * 60_000,
  },
});

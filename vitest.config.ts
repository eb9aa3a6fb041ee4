import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "apps/api/src/**/*.test.ts",
      "apps/storefront/src/**/*.test.{ts,tsx}",
      "apps/storefront/build/**/*.test.ts",
      "apps/backoffice/src/**/*.test.{ts,tsx}",
      "bench/lib/**/*.test.mjs",
      "bench/storefront/**/*.test.mjs",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

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
    // Every test database is a copy of one this run migrates once (decision 030).
    globalSetup: ["vitest.global-setup.ts"],
    // Each test file runs in a process of its own that compiles PGlite's 9 MB of WebAssembly anew. V8's
    // optimising tier (TurboFan) then spent more CPU compiling PostgreSQL's hot functions than a file's
    // queries ever win back: without it a PGlite test file costs about 40% less CPU (decision 030).
    execArgv: ["--liftoff-only"],
    // Vitest's default on 2 cores is one file at a time, which leaves a core idle while a file waits on a
    // timer, a socket or PostgreSQL; two at once keep both busy.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph (no fresh module registry per file): PGlite's
    // WebAssembly, Fastify and zod are loaded once per worker instead of once per file, about a fifth of the
    // suite's CPU. Tests therefore leave no global state behind (timers, env, globals are restored in afterEach).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

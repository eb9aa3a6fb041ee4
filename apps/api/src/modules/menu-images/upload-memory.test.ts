/**
 * Issue 45's memory must-show: ten 10 MB uploads at once leave the API process within its memory budget
 * (docs/decisions/035-menu-images.md): bodies are admitted before they are read (at most 10 held), two images
 * are decoded at a time, each to pixels no wider than 1280, and sharp keeps no cache.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { photo, tenMegabytePng } from "./test-images";

/** What uploads may add to the process's resident memory at their peak. */
const UPLOAD_MEMORY_BUDGET = 256 * 1024 * 1024;

let t: TestApp;
let actors: AdminActors;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createAdminActors(t);
});
afterAll(() => t.close());

const upload = (bytes: Buffer) =>
  t.app.inject(
    actors.as("manager", {
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/menu-images`,
      headers: { "content-type": "image/png" },
      payload: bytes,
    }),
  );

test("ten parallel 10 MB uploads all succeed within the memory budget", async () => {
  const files = await Promise.all(Array.from({ length: 10 }, (_, i) => tenMegabytePng(i)));
  expect(files.every((file) => file.length > 9.5 * 1024 * 1024 && file.length <= 10 * 1024 * 1024)).toBe(true);
  // sharp and libvips loaded, and the app warm, before the baseline is read.
  expect((await upload(await photo(64, 64, "png"))).statusCode).toBe(201);
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const answers = await Promise.all(files.map(upload));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
  } finally {
    clearInterval(sampler);
  }
  console.log(`RSS baseline ${(baseline / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB`);
  expect(peak - baseline).toBeLessThan(UPLOAD_MEMORY_BUDGET);
});

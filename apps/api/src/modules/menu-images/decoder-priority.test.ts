import { existsSync, readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { expect, test } from "vitest";
import { DECODER_NICE, withDecoderPriorityLowered } from "./decoder-priority";
import { makeVariants } from "./make-variants";
import { photo } from "./test-images";

/** The libvips worker threads alive now, by the name decoder-priority.ts looks for. */
function libvipsWorkers(): number[] {
  return readdirSync("/proc/self/task")
    .map(Number)
    .filter((tid) => {
      try {
        return readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim() === "libvips worker";
      } catch {
        return false;
      }
    });
}

// Pinned to this sharp/libvips: if their worker threads are renamed, lowering finds none and this fails.
test.runIf(existsSync("/proc/self/task"))("libvips's worker threads decode at a lower priority", async () => {
  const image = await photo(2400, 1800, "jpeg");
  let seen: { tid: number; nice: number }[] = [];
  await withDecoderPriorityLowered(async () => {
    const decoding = makeVariants(image);
    // Listed while the image is being decoded, when its worker threads exist; looked at again two lowering rounds
    // later, as a thread started just before the listing may not have been lowered yet.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const workers = libvipsWorkers();
    await new Promise((resolve) => setTimeout(resolve, 25));
    seen = workers.flatMap((tid) => {
      try {
        return [{ tid, nice: getPriority(tid) }];
      } catch {
        return []; // ended meanwhile
      }
    });
    await decoding;
  });
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((thread) => thread.nice !== DECODER_NICE)).toEqual([]);
});

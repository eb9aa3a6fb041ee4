import { describe, expect, test } from "vitest";
import { createUploadQueue } from "./upload-queue";

/** A piece of work that finishes when the test says so. */
function gate() {
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => done };
}

describe("createUploadQueue", () => {
  test("runs at most `concurrency` pieces of work at once; the others wait their turn in order", async () => {
    const queue = createUploadQueue({ concurrency: 2, capacity: 10 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.admit()!.process(async () => {
        started.push(i);
        await g.work();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.processing).toBe(2);
    gates[1]!.open();
    await runs[1];
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await Promise.all(runs);
    expect(queue.processing).toBe(0);
  });

  test("refuses an admission past its capacity, and admits again once one has left", () => {
    const queue = createUploadQueue({ concurrency: 1, capacity: 2 });
    const first = queue.admit()!;
    queue.admit();
    expect(queue.admit()).toBeNull();
    first.leave();
    first.leave(); // a second leave frees nothing more
    expect(queue.admitted).toBe(1);
    expect(queue.admit()).not.toBeNull();
    expect(queue.admit()).toBeNull();
  });

  test("frees the slot when the work fails", async () => {
    const queue = createUploadQueue({ concurrency: 1, capacity: 2 });
    await expect(
      queue.admit()!.process(async () => {
        throw new Error("broken image");
      }),
    ).rejects.toThrow("broken image");
    expect(queue.processing).toBe(0);
    await expect(queue.admit()!.process(async () => "next")).resolves.toBe("next");
  });
});

import { scriptedChangeFeed } from "@app/db/testing";
import { describe, expect, test } from "vitest";
import { ChangeBoundCache } from "./change-bound-cache";

function counter() {
  let reads = 0;
  const load = async () => `read ${++reads}`;
  return { load, reads: () => reads };
}

describe("ChangeBoundCache", () => {
  test("answers from memory while the feed is live and nothing changed", async () => {
    const cache = new ChangeBoundCache<string>(scriptedChangeFeed());
    const { load, reads } = counter();
    expect([await cache.get("k", load), await cache.get("k", load), reads()]).toEqual(["read 1", "read 1", 1]);
  });

  test("forgets everything when the generation moves", async () => {
    const feed = scriptedChangeFeed();
    const cache = new ChangeBoundCache<string>(feed);
    const { load } = counter();
    await cache.get("k", load);
    feed.generation++;
    expect(cache.peek("k")).toBeUndefined();
    expect(await cache.get("k", load)).toBe("read 2");
  });

  test("reads the database every time while the feed is not live", async () => {
    const feed = scriptedChangeFeed();
    const cache = new ChangeBoundCache<string>(feed);
    const { load, reads } = counter();
    await cache.get("k", load);
    feed.live = false;
    await cache.get("k", load);
    await cache.get("k", load);
    expect(reads()).toBe(3);
    feed.live = true;
    feed.generation++;
    expect(await cache.get("k", load)).toBe("read 4");
  });

  test("a value read while a change was notified is answered but not kept", async () => {
    const feed = scriptedChangeFeed();
    const cache = new ChangeBoundCache<string>(feed);
    const racing = async () => {
      feed.generation++; // the edit commits while the read runs
      return "old";
    };
    expect(await cache.get("k", racing)).toBe("old");
    expect(await cache.get("k", async () => "new")).toBe("new");
  });

  test("keeps at most maxEntries, the oldest going first", async () => {
    const cache = new ChangeBoundCache<string>(scriptedChangeFeed(), 2);
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual([undefined, "b", "c"]);
  });

  test("a failed read keeps nothing", async () => {
    const cache = new ChangeBoundCache<string>(scriptedChangeFeed());
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });
});

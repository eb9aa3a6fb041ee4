/** What a cache asks of the row changes heard (row-changes.ts): did anything it read change since it started? */
import { describe, expect, test } from "vitest";
import { RowChanges } from "./row-changes";

describe("row changes", () => {
  test("a read is stale when one of its tags changed after it started, not before", () => {
    const rows = new RowChanges();
    rows.record("b:1");
    const started = rows.sequence;
    expect(rows.changedSince(["b:1", "c:1"], started)).toBe(false);
    rows.record("b:2");
    expect(rows.changedSince(["b:1", "c:1"], started)).toBe(false);
    rows.record("c:1");
    expect(rows.changedSince(["b:1", "c:1"], started)).toBe(true);
  });

  test("everything (*) changed makes every read stale", () => {
    const rows = new RowChanges();
    const started = rows.sequence;
    rows.record("*");
    expect(rows.changedSince(["b:1"], started)).toBe(true);
  });

  test("past its bound it answers stale for reads older than what it forgot, never a wrong no", () => {
    const rows = new RowChanges(2);
    const started = rows.sequence;
    rows.record("b:1");
    rows.record("b:2");
    rows.record("b:3"); // b:1 is forgotten
    expect(rows.changedSince(["b:1"], started)).toBe(true);
    expect(rows.changedSince(["b:9"], started)).toBe(true);
    expect(rows.changedSince(["b:9"], rows.sequence)).toBe(false);
  });

  test("listeners hear every tag until they stop", () => {
    const rows = new RowChanges();
    const heard: string[] = [];
    const stop = rows.onChange((tag) => heard.push(tag));
    rows.record("b:1");
    stop();
    rows.record("b:2");
    expect(heard).toEqual(["b:1"]);
  });
});

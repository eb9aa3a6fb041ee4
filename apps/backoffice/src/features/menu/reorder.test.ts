import { describe, expect, test } from "vitest";
import { moveItem, orderAfterMove, stepMove } from "./reorder";

describe("moveItem", () => {
  test("moves an entry down past the next ones", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
  });
  test("moves an entry up to the top", () => {
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
  });
  test("clamps a target past the end to the last place", () => {
    expect(moveItem(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
  });
  test("leaves the list as it was for a source outside it, and never changes its input", () => {
    const items = ["a", "b"];
    expect(moveItem(items, 5, 0)).toEqual(["a", "b"]);
    moveItem(items, 0, 1);
    expect(items).toEqual(["a", "b"]);
  });
});

describe("stepMove", () => {
  test("up from the top and down from the bottom do nothing", () => {
    expect(stepMove(3, 0, -1)).toBeNull();
    expect(stepMove(3, 2, 1)).toBeNull();
  });
  test("one step either way inside the list", () => {
    expect(stepMove(3, 1, -1)).toEqual({ from: 1, to: 0 });
    expect(stepMove(3, 1, 1)).toEqual({ from: 1, to: 2 });
  });
});

test("orderAfterMove answers the ids in their new order", () => {
  expect(orderAfterMove([{ id: 7 }, { id: 3 }, { id: 9 }], { from: 2, to: 0 })).toEqual([9, 7, 3]);
});

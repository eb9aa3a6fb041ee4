import { describe, expect, test } from "vitest";
import { keepOrders, toggleLine } from "./struck-items";

describe("items struck through on the kitchen display", () => {
  test("a tap strikes a line, a second tap un-strikes it; an order with none struck is forgotten", () => {
    const once = toggleLine({}, "a", 2);
    expect(once).toEqual({ a: [2] });
    expect(toggleLine(once, "a", 0)).toEqual({ a: [0, 2] });
    expect(toggleLine(once, "a", 2)).toEqual({});
  });

  test("marks of orders no longer on the display are dropped", () => {
    expect(keepOrders({ a: [1], b: [0] }, ["b", "c"])).toEqual({ b: [0] });
  });
});

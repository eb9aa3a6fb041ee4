import { describe, expect, it } from "vitest";
import { isKitchenFinished, KITCHEN_ACTIONS, KITCHEN_STATUSES, kitchenTransition } from "./kitchen-status";

describe("the kitchen status of an order", () => {
  it("allows exactly these transitions and refuses every other", () => {
    const allowed = KITCHEN_STATUSES.flatMap((from) =>
      KITCHEN_ACTIONS.flatMap((action) => {
        const to = kitchenTransition(from, action);
        return to ? [`${from} -${action}-> ${to}`] : [];
      }),
    );
    expect(allowed.sort()).toEqual(
      [
        "new -accept-> accepted",
        "new -reject-> rejected",
        "accepted -time-> accepted",
        "accepted -ready-> ready",
        "accepted -reject-> rejected",
        "ready -picked-up-> picked-up",
        "ready -recall-> accepted",
      ].sort(),
    );
  });

  it("lets nothing leave picked-up or rejected", () => {
    for (const status of ["picked-up", "rejected"] as const) {
      expect(isKitchenFinished(status)).toBe(true);
      for (const action of KITCHEN_ACTIONS) expect(kitchenTransition(status, action)).toBeNull();
    }
    expect(isKitchenFinished("ready")).toBe(false);
  });

  it("recalls only a ready order, back to accepted", () => {
    expect(kitchenTransition("ready", "recall")).toBe("accepted");
    for (const status of ["new", "accepted", "picked-up", "rejected"] as const) {
      expect(kitchenTransition(status, "recall")).toBeNull();
    }
  });
});

// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { expect, test } from "vitest";
import { initialCheckoutSession } from "../checkout-session";
import { createCheckoutSessionStore } from "../checkout-session-store";
import { useCheckoutSession } from "./use-checkout-session";

test("a component sees the session change after a dispatch", () => {
  const store = createCheckoutSessionStore(initialCheckoutSession("2026-05-01"), undefined);
  const { result } = renderHook(() => useCheckoutSession(store));
  act(() => result.current[1]({ type: "dateChosen", date: "2026-05-02" }));
  expect(result.current[0].chosenDate).toBe("2026-05-02");
});

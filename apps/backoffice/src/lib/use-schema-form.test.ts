// @vitest-environment happy-dom
import { SignInRequest } from "@app/contracts";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { z } from "zod";
import { useSchemaForm } from "./use-schema-form";

afterEach(cleanup);

/** Whether a reload now would ask first (the page's beforeunload handlers cancel the event). */
function reloadAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const Name = z.object({ name: z.string().min(1) });

test("a reload mid-edit asks first, until what was typed is saved", async () => {
  const onValid = vi.fn(async () => undefined);
  const { result } = renderHook(() => useSchemaForm({ schema: Name, initial: { name: "Bistro" }, onValid }));
  expect(reloadAsks()).toBe(false);
  act(() => result.current.update({ name: "Bistro Nørrebro" }));
  expect(reloadAsks()).toBe(true);
  await act(() => result.current.submit());
  expect(onValid).toHaveBeenCalled();
  expect(reloadAsks()).toBe(false);
});

test("a refused save still asks: what was typed is not saved", async () => {
  const { result } = renderHook(() =>
    useSchemaForm({ schema: Name, initial: { name: "Bistro" }, onValid: async () => undefined }),
  );
  act(() => result.current.update({ name: "" }));
  await act(() => result.current.submit());
  expect(result.current.errors.name).toBeDefined();
  expect(reloadAsks()).toBe(true);
});

test("sign-in does not ask (warnOnLeave: false)", () => {
  const { result } = renderHook(() =>
    useSchemaForm({
      schema: SignInRequest,
      initial: { email: "", password: "" },
      warnOnLeave: false,
      onValid: async () => undefined,
    }),
  );
  act(() => result.current.update({ email: "ejer@bistro-norrebro.example" }));
  expect(reloadAsks()).toBe(false);
});

// @vitest-environment happy-dom
import { SignInRequest } from "@app/contracts";
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "./api";
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

const conflict = {
  code: "EDIT_CONFLICT",
  message: "Changed by someone else",
  current: { version: 7, updatedAt: "2026-11-29T08:21:00Z", updatedBy: { name: "Mette", email: "m@example.dk" } },
  errors: [{ code: "EDIT_CONFLICT", message: "Changed by someone else" }],
};

function renderForm(onValid: (data: { name: string }) => Promise<unknown>) {
  return renderHook(() =>
    useSchemaForm({ schema: z.object({ name: z.string().min(1) }), initial: { name: "Bistro" }, onValid }),
  );
}

test("a save someone else's save overtook keeps what was typed and says who saved first", async () => {
  const onValid = vi.fn(async () => {
    throw new ApiError(409, conflict.errors, conflict);
  });
  const { result } = renderForm(onValid);
  act(() => result.current.update({ name: "Bistro Ny" }));
  await act(() => result.current.submit());
  expect(result.current.conflict?.current.updatedBy?.name).toBe("Mette");
  expect(result.current.values.name).toBe("Bistro Ny");
  expect(result.current.errors).toEqual({});
  expect(result.current.saved).toBe(false);
  expect(result.current.attempt).toBe(1);

  // Loading their version is the person's choice: it replaces what was typed and ends the conflict.
  act(() => result.current.reset({ name: "Bistro Norrebro" }));
  expect(result.current.values.name).toBe("Bistro Norrebro");
  expect(result.current.conflict).toBeNull();
  // Nothing typed is left: a reload (or a link) no longer asks.
  expect(reloadAsks()).toBe(false);
});

test("a 409 that is not an edit conflict lands on the fields as before", async () => {
  const onValid = vi.fn(async () => {
    throw new ApiError(409, [{ code: "Input.HostTaken", message: "taken", field: "name" }]);
  });
  const { result } = renderForm(onValid);
  await act(() => result.current.submit());
  expect(result.current.conflict).toBeNull();
  expect(result.current.errors).toEqual({ name: { code: "Input.HostTaken" } });
});

test("a save that goes through clears an earlier conflict", async () => {
  const onValid = vi
    .fn<(data: { name: string }) => Promise<unknown>>()
    .mockRejectedValueOnce(new ApiError(409, conflict.errors, conflict))
    .mockResolvedValueOnce(undefined);
  const { result } = renderForm(onValid);
  await act(() => result.current.submit());
  expect(result.current.conflict).not.toBeNull();
  await act(() => result.current.submit());
  expect(result.current.conflict).toBeNull();
  expect(result.current.saved).toBe(true);
});

// @vitest-environment happy-dom
import { MenuUpdate } from "@app/contracts";
import { act, renderHook } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { useEditForm } from "./use-edit-form";

const conflict = {
  code: "EDIT_CONFLICT",
  message: "Changed by someone else",
  current: { version: 5, updatedAt: "2026-11-29T08:21:00Z", updatedBy: { name: "Mette", email: "m@example.dk" } },
  errors: [{ code: "EDIT_CONFLICT", message: "Changed by someone else" }],
};

function renderForm(onValid: (data: unknown) => Promise<unknown>) {
  return renderHook(() =>
    useEditForm({
      schema: MenuUpdate,
      initial: { name: "Sommer" },
      version: 4,
      toInput: (values) => ({ input: values }),
      onValid,
      loadCurrent: async () => ({ values: { name: "Vinter" }, version: 5 }),
    }),
  );
}

test("a save sends the version it was based on", async () => {
  const onValid = vi.fn(async () => ({ version: 5 }));
  const { result } = renderForm(onValid);
  await act(() => result.current.submit());
  expect(onValid).toHaveBeenCalledWith({ name: "Sommer", version: 4 });
  expect(result.current.saved).toBe(true);
  expect(result.current.version).toBe(5);
});

test("a stale save keeps what was typed and says who saved first, until the person chooses", async () => {
  const onValid = vi.fn(async () => {
    throw new ApiError(409, conflict.errors, conflict);
  });
  const { result } = renderForm(onValid);
  act(() => result.current.update({ name: "Efterår" }));
  await act(() => result.current.submit());
  expect(result.current.conflict?.current.updatedBy?.name).toBe("Mette");
  expect(result.current.values.name).toBe("Efterår");
  expect(result.current.saved).toBe(false);
  expect(result.current.errors).toEqual({});

  await act(() => result.current.loadTheirs());
  expect(result.current.values.name).toBe("Vinter");
  expect(result.current.version).toBe(5);
  expect(result.current.conflict).toBeNull();
});

test("saving mine over theirs is based on the version that refused it", async () => {
  const onValid = vi
    .fn<(data: unknown) => Promise<unknown>>()
    .mockRejectedValueOnce(new ApiError(409, conflict.errors, conflict))
    .mockResolvedValueOnce({ version: 6 });
  const { result } = renderForm(onValid);
  await act(() => result.current.submit());
  await act(() => result.current.saveMine());
  expect(onValid).toHaveBeenLastCalledWith({ name: "Sommer", version: 5 });
  expect(result.current.conflict).toBeNull();
  expect(result.current.saved).toBe(true);
});

test("a field refused by the server lands on that field; the typed value stays", async () => {
  const onValid = vi.fn(async () => {
    throw new ApiError(400, [{ code: "Menu.TextTooLong", message: "too long", field: "name" }]);
  });
  const { result } = renderForm(onValid);
  await act(() => result.current.submit());
  expect(result.current.errors).toEqual({ name: { code: "Menu.TextTooLong" } });
  expect(result.current.values.name).toBe("Sommer");
});

test("a reload with typed, unsaved changes asks first; after the save it does not", async () => {
  const asks = () => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const { result, unmount } = renderForm(vi.fn(async () => ({ version: 5 })));
  act(() => result.current.update({ name: "Efterår" }));
  expect(asks()).toBe(true);
  await act(() => result.current.submit());
  expect(asks()).toBe(false);
  unmount();
});

// @vitest-environment happy-dom
import type { Restaurant } from "@app/contracts";
import { act, renderHook } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { reloadRestaurant, updateRestaurant } from "./api";
import { sectionRequest, useSectionSave } from "./section-save";

vi.mock("./api", () => ({ updateRestaurant: vi.fn(), reloadRestaurant: vi.fn() }));

const at = (details: number) =>
  ({ id: 3, versions: { details, settings: 12, service: 13, terms: 14, maintenance: 15 } }) as Restaurant;

test("a section is saved with the version it was read at, and only that section's", () => {
  expect(sectionRequest("maintenance", at(11), { maintenance: true })).toEqual({
    maintenance: true,
    versions: { maintenance: 15 },
  });
  expect(sectionRequest("terms", at(11), { terms: null })).toEqual({ terms: null, versions: { terms: 14 } });
});

test("the form's version moves with its own saves and loads, not with the page's reads", async () => {
  vi.mocked(updateRestaurant).mockResolvedValueOnce(at(21)).mockResolvedValueOnce(at(22));
  vi.mocked(reloadRestaurant).mockResolvedValueOnce(at(31));
  const { result, rerender } = renderHook(({ restaurant }) => useSectionSave(restaurant, "details"), {
    initialProps: { restaurant: at(11) },
  });
  await act(() => result.current.save({ maintenance: false }));
  expect(updateRestaurant).toHaveBeenLastCalledWith(3, { maintenance: false, versions: { details: 11 } });
  // The page read the restaurant again (another tab saved): what this form shows is still based on 21.
  rerender({ restaurant: at(99) });
  await act(() => result.current.save({ maintenance: false }));
  expect(updateRestaurant).toHaveBeenLastCalledWith(3, { maintenance: false, versions: { details: 21 } });
  await act(() => result.current.reload());
  expect(result.current.base.versions.details).toBe(31);
});

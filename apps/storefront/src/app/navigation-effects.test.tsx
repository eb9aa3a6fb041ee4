// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, test, vi } from "vitest";
import { reloadOnBackForwardRestore, useScrollToTopOnNavigation } from "./navigation-effects";

afterEach(cleanup);

describe("reloadOnBackForwardRestore", () => {
  test("a page restored from the back-forward cache reloads", () => {
    const reload = vi.fn();
    const stop = reloadOnBackForwardRestore(window, reload);
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  test("an ordinary page show does not reload", () => {
    const reload = vi.fn();
    const stop = reloadOnBackForwardRestore(window, reload);
    window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    expect(reload).not.toHaveBeenCalled();
    stop();
  });
});

describe("useScrollToTopOnNavigation", () => {
  test("scrolls to the top on each navigation", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    function Frame() {
      useScrollToTopOnNavigation();
      return <Outlet />;
    }
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: <Frame />,
          children: [
            { index: true, element: <p>a</p> },
            { path: "b", element: <p>b</p> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    scrollTo.mockClear();
    await act(() => router.navigate("/b"));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});

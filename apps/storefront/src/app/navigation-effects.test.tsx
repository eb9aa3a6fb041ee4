// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { act } from "react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startEnglish } from "../testing/start-english";
import {
  focusMainHeading,
  reloadOnBackForwardRestore,
  trackKeyboardUse,
  useScrollToTopOnNavigation,
} from "./navigation-effects";
import { SkipLink } from "./skip-link";

beforeAll(startEnglish);
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

describe("trackKeyboardUse", () => {
  test("a key press marks the page as used by keyboard until the next pointer press", () => {
    const stop = trackKeyboardUse(document);
    const root = document.documentElement;
    expect(root.hasAttribute("data-keyboard")).toBe(false);
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(root.hasAttribute("data-keyboard")).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(root.hasAttribute("data-keyboard")).toBe(false);
    fireEvent.keyDown(document.body, { key: "c", ctrlKey: true }); // a shortcut, not navigation
    expect(root.hasAttribute("data-keyboard")).toBe(false);
    stop();
    fireEvent.keyDown(document.body, { key: "Tab" });
    expect(root.hasAttribute("data-keyboard")).toBe(false);
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

/**
 * The rule remembers, for the document, whether a page was shown already; a test file shares its modules with the
 * files before it in the same worker (vitest.config.ts `isolate: false`), where a Layout may have shown one. So
 * each test takes the rule from a fresh copy of its module: a document whose first page is still to come.
 */
let useFocusOnNavigation: typeof import("./navigation-effects").useFocusOnNavigation;
beforeEach(async () => {
  vi.resetModules();
  ({ useFocusOnNavigation } = await import("./navigation-effects"));
});

/** A shop frame with the focus rule and the skip link, pages with a heading and a link to the other page. */
function renderShop(initial: string) {
  function Frame() {
    useFocusOnNavigation();
    return (
      <>
        <SkipLink />
        <nav>
          <a href="/elsewhere">Header link</a>
        </nav>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: <Frame />,
        children: [
          { index: true, element: <h1>Front page</h1> },
          { path: "menu/:id", element: <h1>Burgers</h1> },
          { path: "bare", element: <p>No heading here</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("useFocusOnNavigation", () => {
  // One test: the rule remembers for the document whether a page was shown already.
  test("leaves the first page alone, then moves the focus to each new page's heading (main without one)", async () => {
    const router = renderShop("/");
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate("/menu/7"));
    const heading = screen.getByRole("heading", { level: 1, name: "Burgers" });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute("tabindex")).toBe("-1");
    await act(() => router.navigate("/bare"));
    expect(document.activeElement?.tagName).toBe("MAIN");
    // Back to the front page, as after login (a replace to the same path counts too).
    await act(() => router.navigate("/", { replace: true }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Front page" }));
    await act(() => router.navigate("/", { replace: true }));
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Front page" }));
  });
});

describe("focusMainHeading", () => {
  test("focuses the h1 inside main, not one outside it, and returns it", () => {
    render(
      <>
        <h1>Site name</h1>
        <main>
          <h1>Page</h1>
        </main>
      </>,
    );
    const target = focusMainHeading(document);
    expect(target?.textContent).toBe("Page");
    expect(document.activeElement).toBe(target);
  });

  test("returns null when the page has no main", () => {
    render(<p>Nothing</p>);
    expect(focusMainHeading(document)).toBeNull();
  });
});

describe("SkipLink", () => {
  test("is the first link of the page and moves the focus to the main heading without navigating", async () => {
    const router = renderShop("/menu/7");
    const links = screen.getAllByRole("link");
    expect(links[0]?.textContent).toBe("Skip to content");
    fireEvent.click(links[0]!);
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Burgers" }));
    expect(router.state.location.hash).toBe("");
  });
});

// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { createElement as h } from "react";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { MenuSkeleton } from "../../apps/storefront/src/features/menu/components/menu-skeleton.tsx";
import { BLANK_IMAGE } from "../../apps/storefront/src/lib/first-paint.ts";
import { startEnglish } from "../../apps/storefront/src/testing/start-english.ts";
import { isShown, measuredPages } from "./pages.mjs";

const [front, menu, checkout] = measuredPages(7);

beforeAll(startEnglish);
afterEach(cleanup);

function shown(page, element) {
  const { container } = render(element);
  return isShown({ ready: page.ready, root: container });
}

describe("a measured page counts as shown only with its content, not its loading shape", () => {
  test("the menu's skeleton cards (class product-card too) are not the menu", () => {
    expect(shown(menu, h(MenuSkeleton, { layout: "grid" }))).toBe(false);
  });

  test("a product card is the menu; with its picture still held back for the first paint it is not shown yet", () => {
    const card = (src) =>
      h("div", { className: "product-card" }, h("img", { className: "product-image", src, alt: "" }));
    expect(shown(menu, card("/images/a/classic-burger.svg"))).toBe(true);
    expect(shown(menu, card(BLANK_IMAGE))).toBe(false);
  });

  test("the checkout's starting shape beside the cart is not the checkout; the form is", () => {
    const cart = h("section", { className: "checkout-section" }, "Your order");
    const starting = h("div", { className: "checkout-section checkout-starting" }, h("div", { className: "skeleton" }));
    const form = h(
      "form",
      { className: "checkout-form" },
      h("section", { className: "checkout-section" }, "Your details"),
    );
    expect(shown(checkout, h("div", null, cart, starting))).toBe(false);
    expect(shown(checkout, h("div", null, cart, form))).toBe(true);
  });

  test("the front page is its category tiles, not the app's loading shape", () => {
    expect(shown(front, h("div", { className: "page-loading" }, h(MenuSkeleton, { layout: "grid" })))).toBe(false);
    expect(shown(front, h("a", { className: "category-tile", href: "/menu/7" }, "Burgers"))).toBe(true);
  });

  test("a category without a picture keeps its blank one for good: the front page is shown all the same", () => {
    const tile = h("a", { className: "category-tile", href: "/menu/7" }, h("img", { src: BLANK_IMAGE, alt: "" }));
    expect(shown(front, tile)).toBe(true);
  });
});

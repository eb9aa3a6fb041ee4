// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from "vitest";
import { stampWhenShown } from "./first-load.mjs";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Runs the init script as the browser does before the page's own scripts. */
const addInitScript = (source) => new Function(source)();

afterEach(() => {
  document.body.innerHTML = "";
  delete window.__shownAt;
});

describe("the moment a measured page is shown is stamped inside the page, at the change that shows it", () => {
  test("a skeleton is not shown; the tile that replaces it stamps the moment", async () => {
    addInitScript(stampWhenShown(".category-tile"));
    document.body.innerHTML = `<div class="skeleton"></div>`;
    await flush();
    expect(window.__shownAt).toBeUndefined();

    const before = performance.now();
    document.body.innerHTML = `<a class="category-tile" href="/menu/7">Burgers</a>`;
    await flush();
    expect(window.__shownAt).toBeGreaterThanOrEqual(before);
  });

  test("a picture still held back for the first paint is waited for: its src changing stamps the moment", async () => {
    addInitScript(stampWhenShown(".product-card"));
    document.body.innerHTML = `<div class="product-card"><img class="product-image" src="data:image/gif;base64,R0lGOD"></div>`;
    await flush();
    expect(window.__shownAt).toBeUndefined();

    document.querySelector("img").setAttribute("src", "/images/a/classic-burger.svg");
    await flush();
    expect(window.__shownAt).toBeTypeOf("number");
  });

  test("once stamped, later changes leave the moment as it was", async () => {
    addInitScript(stampWhenShown(".category-tile"));
    document.body.innerHTML = `<a class="category-tile" href="/menu/7">Burgers</a>`;
    await flush();
    const shownAt = window.__shownAt;
    document.body.insertAdjacentHTML("beforeend", `<div class="skeleton"></div>`);
    await flush();
    document.body.insertAdjacentHTML("beforeend", `<p>more</p>`);
    await flush();
    expect(window.__shownAt).toBe(shownAt);
  });
});

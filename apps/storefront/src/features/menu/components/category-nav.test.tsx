// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { category } from "../test/fixtures";
import { CategoryNav } from "./category-nav";

beforeAll(startEnglish);
afterEach(cleanup);

describe("CategoryNav", () => {
  test("links each category to its menu page, the active one marked as the current page", () => {
    render(
      <MemoryRouter>
        <CategoryNav categories={[category({ id: 7 }), category({ id: 8 })]} activeId={8} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole("navigation", { name: "Categories" });
    const links = Array.from(nav.querySelectorAll("a"));
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/menu/7", "/menu/8"]);
    expect(screen.getByRole("link", { name: "Category 8" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Category 7" }).getAttribute("aria-current")).toBeNull();
  });
});

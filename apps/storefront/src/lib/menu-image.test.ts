import { describe, expect, test } from "vitest";
import { responsiveImage } from "./menu-image";

const hash = "ab".repeat(32);

describe("responsiveImage", () => {
  test("gives our uploaded images every width, whichever width the URL names", () => {
    expect(responsiveImage(`/api/menu-images/${hash}/640.webp`, "50vw")).toEqual({
      srcSet: `/api/menu-images/${hash}/320.webp 320w, /api/menu-images/${hash}/640.webp 640w, /api/menu-images/${hash}/1280.webp 1280w`,
      sizes: "50vw",
    });
    expect(responsiveImage(`/api/menu-images/${hash}/500.webp`, "50vw").srcSet).toContain("1280.webp 1280w");
  });

  test("leaves other URLs, and no URL, as they are", () => {
    expect(responsiveImage("https://cdn.example.dk/burger.jpg", "50vw")).toEqual({});
    expect(responsiveImage(`/api/menu-images/${hash}/640.png`, "50vw")).toEqual({});
    expect(responsiveImage("", "50vw")).toEqual({});
    expect(responsiveImage(null, "50vw")).toEqual({});
  });
});

import { expect, test } from "vitest";
import { editTimeText } from "./edit-time";

const NOW = new Date("2026-11-29T10:00:00Z");

test("a save today is its time on the restaurant's clock", () => {
  expect(editTimeText("2026-11-29T08:05:00Z", NOW, "Europe/Copenhagen", "da-DK")).toBe("09:05");
});

test("a save on another day names the day too, in the person's language", () => {
  expect(editTimeText("2026-11-27T08:05:00Z", NOW, "Europe/Copenhagen", "en-US")).toBe("Nov 27 09:05");
  expect(editTimeText("2026-11-27T08:05:00Z", NOW, "Europe/Copenhagen", "da-DK")).toMatch(/^27\. nov\.? 09:05$/);
});

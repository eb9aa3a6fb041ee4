import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { LABEL_ICONS } from "./label-icon";

test("the editor offers the storefront's label icons, drawn with the same paths", () => {
  const storefront = readFileSync(
    join(__dirname, "../../../../storefront/src/features/menu/components/product-labels.tsx"),
    "utf8",
  );
  const mine = readFileSync(join(__dirname, "label-icon.tsx"), "utf8");
  const block = (source: string) => /const ICON_PATHS[^=]*= \{([\s\S]*?)\n\};/.exec(source)?.[1]?.trim();
  expect(block(mine)).toBeDefined();
  expect(block(mine)).toBe(block(storefront));
  expect(LABEL_ICONS).toEqual(["leaf", "vegan", "chili", "gluten", "star", "heart"]);
});
